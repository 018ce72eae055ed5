import type { Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on the current table types.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('daily_usage')
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('day', 'bigint', (col) => col.notNull())
    .addColumn('accepted_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('refused_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('daily_usage_pk', ['account_id', 'day'])
    .execute();
}
