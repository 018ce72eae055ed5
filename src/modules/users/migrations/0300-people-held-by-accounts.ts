import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * Issue 46 (decision 0600): a person is held by the account that created it, so the same e-mail may name
 * different people in different accounts; the full name moves to the membership, and the username is unique
 * per holder instead of globally.
 */

/** The main account of the person's oldest membership: who held everyone before holders existed. */
const LEGACY_HOLDER = sql`(
  select coalesce(a.owner_account_id, a.id)
  from account_users au inner join accounts a on a.id = au.account_id
  where au.user_id = users.id
  order by au.created_at, au.account_id
  limit 1
)`;

// Migrations take Kysely<unknown>: they must not depend on the current table types.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('account_users')
    .addColumn('full_name', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await sql`update account_users set full_name = (select users.full_name from users where users.id = account_users.user_id)`.execute(db);

  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    // SQLite cannot drop the column's UNIQUE: rebuild the table (sqlite.org/lang_altertable.html, "other kinds of
    // table schema changes"). Foreign keys off, or dropping `users` would cascade into every membership; SQLite
    // migrations run outside a transaction (no transactional DDL in Kysely's adapter), so one is opened here.
    await sql`pragma foreign_keys = off`.execute(db);
    try {
      await sql`begin`.execute(db);
      await sql`create table users_new (
        id integer primary key,
        username text not null,
        full_name text not null,
        created_at bigint not null,
        updated_at bigint not null,
        holder_account_id integer
      )`.execute(db);
      await sql`insert into users_new (id, username, full_name, created_at, updated_at, holder_account_id)
        select id, username, full_name, created_at, updated_at, ${LEGACY_HOLDER} from users`.execute(db);
      await sql`drop table users`.execute(db);
      await sql`alter table users_new rename to users`.execute(db);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    } finally {
      await sql`pragma foreign_keys = on`.execute(db);
    }
  } else {
    await db.schema.alterTable('users').dropConstraint('users_username_key').execute();
    await db.schema.alterTable('users').addColumn('holder_account_id', 'integer').execute();
    await sql`update users set holder_account_id = ${LEGACY_HOLDER}`.execute(db);
  }
  await db.schema.createIndex('users_username').on('users').column('username').execute();
  await db.schema.createIndex('users_holder_username').unique().on('users').columns(['holder_account_id', 'username']).execute();
}
