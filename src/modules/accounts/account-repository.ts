import { sql, type Selectable } from 'kysely';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { AccountsTable } from './account-tables.js';
import { DEFAULT_EXTRA_SETTINGS, type Account, type AccountExtraSettings, type AccountType } from './account.js';

type AccountRow = Selectable<AccountsTable>;

function parseExtraSettings(text: string): AccountExtraSettings {
  const parsed = JSON.parse(text) as Partial<AccountExtraSettings>;
  return { ...DEFAULT_EXTRA_SETTINGS, ...parsed };
}

function fromRow(row: AccountRow): Account {
  return {
    id: row.id,
    name: row.name,
    region: row.region,
    ownerAccountId: row.owner_account_id,
    type: row.account_type as AccountType,
    email: row.email,
    retentionDays: row.retention_days,
    maxDailyGB: row.max_daily_gb,
    reservedDailyGB: row.reserved_daily_gb,
    isFlexible: row.is_flexible === 1,
    searchable: row.searchable === 1,
    accessible: row.accessible === 1,
    docSizeSetting: row.doc_size_setting === 1,
    active: row.active === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastUpdaterUserId: row.last_updater_user_id,
    ...parseExtraSettings(row.settings),
  };
}

function toRow(account: Account): AccountRow {
  const extra: AccountExtraSettings = {
    sharingObjectsAccounts: account.sharingObjectsAccounts,
    utilizationSettings: account.utilizationSettings,
    softLimitGB: account.softLimitGB,
    snapSearchRetentionDays: account.snapSearchRetentionDays,
  };
  return {
    id: account.id,
    name: account.name,
    region: account.region,
    owner_account_id: account.ownerAccountId,
    account_type: account.type,
    email: account.email,
    retention_days: account.retentionDays,
    max_daily_gb: account.maxDailyGB,
    reserved_daily_gb: account.reservedDailyGB,
    is_flexible: account.isFlexible ? 1 : 0,
    searchable: account.searchable ? 1 : 0,
    accessible: account.accessible ? 1 : 0,
    doc_size_setting: account.docSizeSetting ? 1 : 0,
    active: account.active ? 1 : 0,
    settings: JSON.stringify(extra),
    created_at: account.createdAt,
    updated_at: account.updatedAt,
    last_updater_user_id: account.lastUpdaterUserId,
  };
}

/** Persistence of accounts; every method takes the db (or a transaction) so callers control atomicity. */
export const accountRepository = {
  async insert(db: ControlPlaneDb, account: Account): Promise<void> {
    await db.insertInto('accounts').values(toRow(account)).execute();
  },

  async update(db: ControlPlaneDb, account: Account): Promise<void> {
    const { id, ...rest } = toRow(account);
    await db.updateTable('accounts').set(rest).where('id', '=', id).execute();
  },

  async delete(db: ControlPlaneDb, id: number): Promise<boolean> {
    const result = await db.deleteFrom('accounts').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  },

  /** Every search resolves its accounts with it: one SQL text, without the builder's cold cost (see findOwnerByHash). */
  async get(db: ControlPlaneDb, id: number): Promise<Account | undefined> {
    const row = (await sql<AccountRow>`SELECT * FROM accounts WHERE id = ${id}`.execute(db)).rows[0];
    return row === undefined ? undefined : fromRow(row);
  },

  async listAll(db: ControlPlaneDb): Promise<Account[]> {
    const rows = await db.selectFrom('accounts').selectAll().orderBy('created_at').orderBy('id').execute();
    return rows.map(fromRow);
  },

  /** The main account and its sub accounts, main first, then by creation. */
  async listTree(db: ControlPlaneDb, mainAccountId: number): Promise<Account[]> {
    const rows = await db
      .selectFrom('accounts')
      .selectAll()
      .where((eb) => eb.or([eb('id', '=', mainAccountId), eb('owner_account_id', '=', mainAccountId)]))
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const accounts = rows.map(fromRow);
    return [...accounts.filter((a) => a.id === mainAccountId), ...accounts.filter((a) => a.id !== mainAccountId)];
  },

  async countMainAccounts(db: ControlPlaneDb): Promise<number> {
    const row = await db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('owner_account_id', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },
};
