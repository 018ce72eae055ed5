import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql, type Kysely } from 'kysely';
import { createPostgresSchema, dropPostgresSchema, TEST_POSTGRES_URL } from '../../../../test/support/control-plane-backends.js';
import { migrationAreas } from '../../../storage/control-plane/migration-areas.js';
import { migrateToLatest, openControlPlane } from '../../../storage/control-plane/open-control-plane.js';
import { userRepository } from '../user-repository.js';

interface Place {
  readonly url: string;
  readonly schema: string | undefined;
  dispose(): Promise<void>;
}

const places: readonly { readonly name: string; open(): Promise<Place> }[] = [
  {
    name: 'sqlite',
    async open() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-people-'));
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

/** Every area as it was before this migration: the users area had none. */
const before0300 = migrationAreas.map((area) => (area.name === 'users' ? { ...area, migrations: {} } : area));

for (const place of places) {
  describe(`migration 0300 people held by accounts (${place.name})`, () => {
    let opened: Place;
    before(async () => {
      opened = await place.open();
    });
    after(async () => opened.dispose());

    it('keeps every person, membership, password and session; names move to memberships; holders are main accounts', async () => {
      const old = await openControlPlane(opened.url, { migrate: false, postgresSchema: opened.schema });
      await migrateToLatest(old.db as unknown as Kysely<unknown>, opened.schema, before0300);
      await sql`insert into accounts (id, name, region, account_type, owner_account_id, retention_days, max_daily_gb, created_at, updated_at)
        values (1, 'main', 'us', 'OWNER_ACCOUNT', null, 7, 1, 1, 1), (2, 'sub', 'us', 'SUB_ACCOUNT', 1, 7, 1, 1, 1)`.execute(old.db);
      await sql`insert into users (id, username, full_name, created_at, updated_at)
        values (10, 'a@example.com', 'Ann', 1, 1), (11, 'b@example.com', 'Ben', 1, 1)`.execute(old.db);
      await sql`insert into account_users (account_id, user_id, role, suspended, created_at)
        values (1, 10, 'USER_ROLE_ACCOUNT_ADMIN', 0, 1), (2, 10, 'USER_ROLE_READONLY', 1, 2), (2, 11, 'USER_ROLE_REGULAR', 0, 1)`.execute(
        old.db,
      );
      await sql`insert into user_passwords (user_id, password_hash, updated_at) values (10, 'h', 1)`.execute(old.db);
      await sql`insert into web_sessions (id_hash, user_id, account_id, csrf_token, created_at, expires_at)
        values ('s', 10, 1, 'c', 1, 99)`.execute(old.db);
      await old.close();

      const upgraded = await openControlPlane(opened.url, { postgresSchema: opened.schema });
      try {
        const db = upgraded.db;
        assert.deepEqual(
          (await userRepository.listByAccount(db, 2)).map((u) => [u.id, u.fullName, u.role, u.active]),
          [
            [11, 'Ben', 'USER_ROLE_REGULAR', true],
            [10, 'Ann', 'USER_ROLE_READONLY', false],
          ],
        );
        assert.deepEqual(
          (await userRepository.findPeopleByUsername(db, ['a@example.com', 'b@example.com'])).map((p) => [p.id, p.holderAccountId]),
          [
            [10, 1],
            [11, 1],
          ],
        );
        assert.equal((await sql<{ n: number }>`select count(*) as n from user_passwords`.execute(db)).rows[0]?.n, 1);
        assert.equal(Number((await sql<{ n: number }>`select count(*) as n from web_sessions`.execute(db)).rows[0]?.n), 1);
        // The same e-mail may now be a second person held elsewhere, but never twice by one holder.
        await userRepository.insertUser(db, { id: 12, username: 'a@example.com', fullName: 'Other', holderAccountId: 2, now: 3 });
        await assert.rejects(
          userRepository.insertUser(db, { id: 13, username: 'a@example.com', fullName: 'Again', holderAccountId: 2, now: 3 }),
        );
        // Foreign keys still point at the rebuilt table: deleting a person takes its memberships along.
        await db.deleteFrom('users').where('id', '=', 11).execute();
        assert.equal((await userRepository.listByAccount(db, 2)).length, 1);
      } finally {
        await upgraded.close();
      }
    });
  });
}
