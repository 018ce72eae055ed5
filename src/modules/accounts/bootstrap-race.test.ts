import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createManualClock } from '../../shared/clock.js';
import { openControlPlane } from '../../storage/control-plane/index.js';
import { createPostgresSchema, dropPostgresSchema, TEST_POSTGRES_URL } from '../../../test/support/control-plane-backends.js';
import { createTokenService } from '../tokens/index.js';
import { createAccountService } from './account-service.js';

describe('bootstrap on PostgreSQL by processes starting together (issue 51)', () => {
  it('creates the main account once; the others see it and none fails on users_username_key', async () => {
    const schema = await createPostgresSchema();
    const planes = [];
    try {
      const first = await openControlPlane(TEST_POSTGRES_URL, { postgresSchema: schema });
      planes.push(first);
      for (let i = 1; i < 6; i += 1) planes.push(await openControlPlane(TEST_POSTGRES_URL, { postgresSchema: schema, migrate: false }));
      const clock = createManualClock(Date.UTC(2026, 11, 7));
      const results = await Promise.all(
        planes.map((plane) => {
          const tokens = createTokenService({ db: plane.db, clock });
          const accounts = createAccountService({ db: plane.db, clock, tokens, dailyUsage: async () => [], onAccountDeleted: [] });
          return accounts.bootstrap({ region: 'us', adminEmail: 'admin@localhost', apiToken: undefined, shippingToken: undefined });
        }),
      );
      assert.equal(results.filter((result) => result.created).length, 1);
      const users = await first.db.selectFrom('users').select('username').execute();
      assert.deepEqual(users, [{ username: 'admin@localhost' }]);
    } finally {
      for (const plane of planes) await plane.close();
      await dropPostgresSchema(schema);
    }
  });
});
