import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { createPostgresSchema, dropPostgresSchema, TEST_POSTGRES_URL } from '../../../test/support/control-plane-backends.js';
import { accountRepository } from '../../modules/accounts/index.js';
import { collectMigrations, LANDED_BEFORE_RANGES, migrationAreas, type MigrationArea } from './migration-areas.js';
import { droppedMeanwhile, migrateToLatest, openControlPlane, type ControlPlane } from './open-control-plane.js';

interface Place {
  readonly url: string;
  readonly schema: string | undefined;
  dispose(): Promise<void>;
}

const places: readonly { readonly name: string; open(): Promise<Place> }[] = [
  {
    name: 'sqlite',
    async open() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-upgrade-'));
      return {
        url: `sqlite:${path.join(dir, 'cp.sqlite')}`,
        schema: undefined,
        dispose: async () => fs.rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'postgres',
    async open() {
      const schema = await createPostgresSchema();
      return { url: TEST_POSTGRES_URL, schema, dispose: () => dropPostgresSchema(schema) };
    },
  },
];

const current = collectMigrations(migrationAreas);

/** The single ordered migration set the control plane ran before areas (main at 148f7c9): same names, same code. */
async function migrateAsBeforeAreas(db: Kysely<unknown>, schema: string | undefined): Promise<void> {
  const before: Record<string, Migration> = {};
  for (const name of LANDED_BEFORE_RANGES) {
    const migration = current[name];
    assert.ok(migration, `${name} is still declared`);
    before[name] = migration;
  }
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => before },
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
  });
  const { error } = await migrator.migrateToLatest();
  assert.equal(error, undefined);
}

function withExtra(extra: Readonly<Record<string, Readonly<Record<string, Migration>>>>): MigrationArea[] {
  return migrationAreas.map((area) => ({ ...area, migrations: { ...area.migrations, ...(extra[area.name] ?? {}) } }));
}

const createTable = (table: string): Migration => ({
  up: async (db) => {
    await db.schema
      .createTable(table)
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .execute();
  },
});

async function appliedNames(controlPlane: ControlPlane): Promise<string[]> {
  const result = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(controlPlane.db);
  return result.rows.map((row) => row.name);
}

for (const place of places) {
  describe(`control-plane upgrade (${place.name})`, () => {
    let opened: Place;
    before(async () => {
      opened = await place.open();
    });
    after(async () => opened.dispose());

    it('opens a database made before areas had ranges, keeping its migrations and rows', async () => {
      const old = await openControlPlane(opened.url, { migrate: false, postgresSchema: opened.schema });
      await migrateAsBeforeAreas(old.db as unknown as Kysely<unknown>, opened.schema);
      await sql`insert into accounts (id, name, region, account_type, retention_days, max_daily_gb, created_at, updated_at)
        values (7, 'old', 'us', 'OWNER_ACCOUNT', 7, 1, 1, 1)`.execute(old.db);
      await old.close();

      const upgraded = await openControlPlane(opened.url, { postgresSchema: opened.schema });
      try {
        assert.deepEqual(await appliedNames(upgraded), Object.keys(current).sort());
        assert.equal((await accountRepository.get(upgraded.db, 7))?.name, 'old');
      } finally {
        await upgraded.close();
      }
    });

    it('runs a migration of a lower range that lands after one of a higher range has run', async () => {
      const cp = await openControlPlane(opened.url, { migrate: false, postgresSchema: opened.schema });
      const db = cp.db as unknown as Kysely<unknown>;
      try {
        await migrateToLatest(db, opened.schema, withExtra({ alerts: { '0900-upgrade-test-alerts': createTable('upgrade_test_alerts') } }));
        const later = withExtra({
          alerts: { '0900-upgrade-test-alerts': createTable('upgrade_test_alerts') },
          accounts: { '0200-upgrade-test-accounts': createTable('upgrade_test_accounts') },
        });
        await migrateToLatest(db, opened.schema, later);
        await sql`select id from upgrade_test_accounts`.execute(cp.db);
        assert.ok((await appliedNames(cp)).includes('0200-upgrade-test-accounts'));
        await migrateToLatest(db, opened.schema, later);
      } finally {
        await cp.close();
      }
    });
  });
}

describe('migration areas', () => {
  it('declares every landed migration and reserves ranges in order, without overlap', () => {
    for (const name of LANDED_BEFORE_RANGES) assert.ok(name in current, name);
    let previous = 0;
    for (const area of migrationAreas) {
      assert.ok(area.first > previous && area.last >= area.first, area.name);
      previous = area.last;
    }
  });

  it('refuses a migration outside its area range, a number taken twice and a malformed name', () => {
    assert.throws(() => collectMigrations(withExtra({ accounts: { '0950-misplaced': createTable('x') } })), /outside its range/);
    assert.throws(
      () => collectMigrations(withExtra({ accounts: { '0201-a': createTable('x'), '0201-b': createTable('y') } })),
      /taken twice/,
    );
    assert.throws(() => collectMigrations(withExtra({ accounts: { '201-short': createTable('x') } })), /NNNN-kebab-case/);
    assert.throws(
      () => collectMigrations(withExtra({ users: { '0023-too-late-for-the-old-range': createTable('x') } })),
      /outside its range/,
    );
  });
});

describe('migrating beside other stores of the same PostgreSQL database', () => {
  it('tells another schema dropped meanwhile from a failure of its own', () => {
    const failure = (code: string, message: string) => Object.assign(new Error(message), { code });
    assert.ok(droppedMeanwhile(failure('3F000', 'schema "t_other" does not exist'), 't_mine'));
    assert.ok(droppedMeanwhile(failure('42P01', 'relation "t_other.kysely_migration_lock" does not exist'), 't_mine'));
    assert.ok(!droppedMeanwhile(failure('3F000', 'schema "t_mine" does not exist'), 't_mine'));
    assert.ok(!droppedMeanwhile(failure('42P01', 'relation "t_mine.accounts" does not exist'), 't_mine'));
    assert.ok(!droppedMeanwhile(failure('23505', 'duplicate key value violates unique constraint'), 't_mine'));
  });
});
