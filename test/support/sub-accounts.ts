import type { Account } from '../../src/modules/accounts/index.js';
import { accountRepository } from '../../src/modules/accounts/index.js';
import { createTokenService } from '../../src/modules/tokens/index.js';
import { systemClock } from '../../src/shared/clock.js';
import type { TestApp } from './test-app.js';

export interface TestAccount {
  readonly id: number;
  readonly apiToken: string;
  readonly shippingToken: string;
}

let nextId = 900_000;

/**
 * Adds an account straight to the control plane (the sub-account API is another module's work): a sub account
 * of `ownerAccountId` or, with null, another main account (another tenant), with its own tokens.
 */
export async function addAccount(
  t: TestApp,
  options: { ownerAccountId: number | null; searchable: boolean; retentionDays?: number },
): Promise<TestAccount> {
  const db = t.app.controlPlane.db;
  const now = systemClock.now();
  nextId += 1;
  const main = await accountRepository.get(db, t.mainAccountId);
  if (main === undefined) throw new Error('no main account');
  const account: Account = {
    ...main,
    id: nextId,
    name: `account-${nextId}`,
    ownerAccountId: options.ownerAccountId,
    type: options.ownerAccountId === null ? 'OWNER_ACCOUNT' : 'SUB_ACCOUNT',
    retentionDays: options.retentionDays ?? main.retentionDays,
    searchable: options.searchable,
    createdAt: now,
    updatedAt: now,
  };
  await accountRepository.insert(db, account);
  const tokens = createTokenService({ db, clock: systemClock });
  const api = await tokens.createApiToken({ accountId: account.id, name: 'test', createdBy: null });
  const shipping = await tokens.createShippingToken({ accountId: account.id, name: 'test', createdBy: null });
  return { id: account.id, apiToken: api.token, shippingToken: shipping.token };
}
