import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_EXTRA_SETTINGS, type Account } from './account.js';
import { isSearchableBy, searchableAmong } from './search-access.js';

function account(id: number, ownerAccountId: number | null, flags: { searchable?: boolean; active?: boolean } = {}): Account {
  return {
    ...DEFAULT_EXTRA_SETTINGS,
    id,
    name: `a${id}`,
    region: 'us',
    ownerAccountId,
    type: ownerAccountId === null ? 'OWNER_ACCOUNT' : 'SUB_ACCOUNT',
    email: null,
    retentionDays: 7,
    maxDailyGB: 1,
    reservedDailyGB: null,
    isFlexible: false,
    searchable: flags.searchable ?? true,
    accessible: true,
    docSizeSetting: false,
    active: flags.active ?? true,
    createdAt: 0,
    updatedAt: 0,
    lastUpdaterUserId: null,
  };
}

describe('search access: the one rule for which accounts an account may search', () => {
  const main = account(1, null);
  const open = account(2, 1);
  const hidden = account(3, 1, { searchable: false });
  const suspended = account(4, 1, { active: false });
  const foreign = account(5, 9);

  it('lets a main account search its searchable, active sub accounts and nothing else', () => {
    assert.equal(isSearchableBy({ accountId: 1, ownerAccountId: null }, open), true);
    assert.equal(isSearchableBy({ accountId: 1, ownerAccountId: null }, hidden), false);
    assert.equal(isSearchableBy({ accountId: 1, ownerAccountId: null }, suspended), false);
    assert.equal(isSearchableBy({ accountId: 1, ownerAccountId: null }, foreign), false);
    // A sub account searches only itself, never a sibling.
    assert.equal(isSearchableBy({ accountId: 2, ownerAccountId: 1 }, account(6, 1)), false);
  });

  it('lists the caller first, then the sub accounts the rule allows, skipping suspended ones', () => {
    assert.deepEqual(searchableAmong(main, [main, open, hidden, suspended]), [1, 2]);
  });
});
