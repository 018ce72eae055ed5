import type { Kysely } from 'kysely';

// Bytes of each account's daily cap handed out to ingest processes (issue 51): the sum never passes the cap,
// so several listeners together accept no more than it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('daily_cap_grants')
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('day', 'bigint', (col) => col.notNull())
    .addColumn('granted_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('daily_cap_grants_pk', ['account_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('daily_cap_grants').execute();
}
