/**
 * The behaviour every account-owned control-plane repository shows, on SQLite and PostgreSQL: records round-trip,
 * lists and deletes see one account only, an account's deletion takes its records with it, and unique values are
 * refused twice. A module's repository test describes its records with a `RepositoryUnderTest` and calls this.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends, type OpenedControlPlane } from '../../../test/support/control-plane-backends.js';
import { accountRepository, type Account } from '../../modules/accounts/index.js';
import type { ControlPlaneDb } from '../control-plane/index.js';

export interface RepositoryUnderTest<T, Id> {
  readonly name: string;
  /** A new record of the account; `n` makes it distinct from others (ids, unique values). */
  make(accountId: number, n: number): T;
  idOf(record: T): Id;
  insert(db: ControlPlaneDb, record: T): Promise<unknown>;
  /** Reads one record; `accountId` is ignored when the repository reads by id alone (`getIsScoped: false`). */
  get(db: ControlPlaneDb, accountId: number, id: Id): Promise<T | undefined>;
  readonly getIsScoped: boolean;
  list(db: ControlPlaneDb, accountId: number): Promise<readonly T[]>;
  /** The record with a change the repository stores, and the update that stores it; omit for append-only records. */
  readonly update?: { changed(record: T): T; apply(db: ControlPlaneDb, record: T): Promise<unknown> };
  /** Deletes within the account; true when something was deleted. */
  delete(db: ControlPlaneDb, accountId: number, id: Id): Promise<boolean>;
  /** A record that repeats a unique value of `record` and must be refused; omit when the records have none. */
  duplicateOf?(record: T, n: number): T;
}

const ACCOUNT_A = 610_001;
const ACCOUNT_B = 610_002;

/** A plain main account for repository tests (the tables of every area reference accounts). */
export function contractAccount(id: number): Account {
  return {
    id,
    name: `repo-${id}`,
    region: 'us',
    ownerAccountId: null,
    type: 'OWNER_ACCOUNT',
    email: null,
    retentionDays: 7,
    maxDailyGB: 1,
    reservedDailyGB: null,
    isFlexible: false,
    searchable: true,
    accessible: true,
    docSizeSetting: false,
    active: true,
    createdAt: 1,
    updatedAt: 1,
    lastUpdaterUserId: null,
    sharingObjectsAccounts: [],
    utilizationSettings: { frequencyMinutes: 5, utilizationEnabled: false },
    softLimitGB: null,
    snapSearchRetentionDays: null,
  };
}

export function repositoryContract<T, Id>(subject: RepositoryUnderTest<T, Id>): void {
  for (const backend of controlPlaneBackends) {
    describe(`repository contract: ${subject.name} (${backend.name})`, () => {
      let opened: OpenedControlPlane;
      let db: ControlPlaneDb;
      let n = 0;
      const fresh = (accountId: number): T => subject.make(accountId, (n += 1));
      const ids = (records: readonly T[]) => records.map((record) => subject.idOf(record)).sort();

      before(async () => {
        opened = await backend.open();
        db = opened.controlPlane.db;
        await accountRepository.insert(db, contractAccount(ACCOUNT_A));
        await accountRepository.insert(db, contractAccount(ACCOUNT_B));
      });
      after(async () => opened.dispose());

      it('reads back what it created', async () => {
        const record = fresh(ACCOUNT_A);
        await subject.insert(db, record);
        assert.deepEqual(await subject.get(db, ACCOUNT_A, subject.idOf(record)), record);
      });

      it('lists the records of one account only', async () => {
        const mine = [fresh(ACCOUNT_A), fresh(ACCOUNT_A)];
        const theirs = fresh(ACCOUNT_B);
        for (const record of [...mine, theirs]) await subject.insert(db, record);
        const listed = ids(await subject.list(db, ACCOUNT_A));
        for (const id of ids(mine)) assert.ok(listed.includes(id));
        assert.ok(!listed.includes(subject.idOf(theirs)));
        assert.deepEqual(
          ids(await subject.list(db, ACCOUNT_B)).filter((id) => id === subject.idOf(theirs)),
          [subject.idOf(theirs)],
        );
        if (subject.getIsScoped) assert.equal(await subject.get(db, ACCOUNT_A, subject.idOf(theirs)), undefined);
      });

      const update = subject.update;
      if (update !== undefined)
        it('stores an update', async () => {
          const record = fresh(ACCOUNT_A);
          await subject.insert(db, record);
          const changed = update.changed(record);
          await update.apply(db, changed);
          assert.deepEqual(await subject.get(db, ACCOUNT_A, subject.idOf(record)), changed);
        });

      it('deletes within its account only, once', async () => {
        const record = fresh(ACCOUNT_A);
        await subject.insert(db, record);
        const id = subject.idOf(record);
        assert.equal(await subject.delete(db, ACCOUNT_B, id), false);
        assert.deepEqual(await subject.get(db, ACCOUNT_A, id), record);
        assert.equal(await subject.delete(db, ACCOUNT_A, id), true);
        assert.equal(await subject.get(db, ACCOUNT_A, id), undefined);
        assert.equal(await subject.delete(db, ACCOUNT_A, id), false);
      });

      const duplicateOf = subject.duplicateOf;
      if (duplicateOf !== undefined)
        it('refuses a repeated unique value and stores nothing for it', async () => {
          const record = fresh(ACCOUNT_A);
          await subject.insert(db, record);
          const before = ids(await subject.list(db, ACCOUNT_A));
          const duplicate = duplicateOf(record, (n += 1));
          await assert.rejects(subject.insert(db, duplicate));
          assert.deepEqual(ids(await subject.list(db, ACCOUNT_A)), before);
        });

      it("goes with its account's deletion", async () => {
        const gone = 610_100 + n;
        await accountRepository.insert(db, contractAccount(gone));
        const record = fresh(gone);
        await subject.insert(db, record);
        assert.equal(await accountRepository.delete(db, gone), true);
        assert.deepEqual(await subject.list(db, gone), []);
        assert.equal(await subject.get(db, gone, subject.idOf(record)), undefined);
      });
    });
  }
}
