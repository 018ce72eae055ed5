import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sqliteBackend } from '../../test/support/control-plane-backends.js';
import { addShippingAccount } from '../../test/support/shipping-accounts.js';
import { accountRepository } from '../modules/accounts/index.js';
import { createTokenService } from '../modules/tokens/index.js';
import { isAppError } from '../shared/app-error.js';
import { createManualClock } from '../shared/clock.js';
import { createShippingAccounts } from './shipping-accounts.js';

describe('shipping accounts', () => {
  it('resolves tokens through a short cache, so revocation and changes apply within the TTL', async () => {
    const opened = await sqliteBackend.open();
    try {
      const db = opened.controlPlane.db;
      const clock = createManualClock(Date.UTC(2026, 10, 21));
      const tokens = createTokenService({ db, clock });
      const resolver = createShippingAccounts({
        resolveShippingToken: (token) => tokens.resolveShippingToken(token),
        getAccount: (id) => accountRepository.get(db, id),
        clock,
        region: 'us',
        cacheTtlMs: 2000,
      });
      const shipper = await addShippingAccount(db, { name: 'cached', maxDailyGB: 3, docSizeSetting: true, retentionDays: 5 });

      assert.deepEqual(await resolver.resolve(shipper.token), {
        accountId: shipper.accountId,
        accountName: 'cached',
        maxDailyGB: 3,
        docSizeSetting: true,
        retentionDays: 5,
        region: 'us',
      });
      assert.equal(await resolver.resolve('unknown'), undefined);
      assert.equal(await resolver.resolve(''), undefined);

      await db.deleteFrom('shipping_tokens').where('token', '=', shipper.token).execute();
      clock.advance(1000);
      assert.equal((await resolver.resolve(shipper.token))?.accountId, shipper.accountId);
      clock.advance(1001);
      assert.equal(await resolver.resolve(shipper.token), undefined);

      const inactive = await addShippingAccount(db, { name: 'inactive' });
      await db.updateTable('accounts').set({ active: 0 }).where('id', '=', inactive.accountId).execute();
      assert.equal(await resolver.resolve(inactive.token), undefined);

      await opened.controlPlane.close();
      clock.advance(5000);
      await assert.rejects(resolver.resolve(inactive.token), (error: unknown) => isAppError(error) && error.code === 'unavailable');
    } finally {
      await opened.dispose();
    }
  });
});
