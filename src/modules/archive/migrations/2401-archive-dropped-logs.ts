import type { Kysely } from 'kysely';

// The logs drop filters dropped, kept for the account's archive until the archive pass writes their hour
// (decision 0705), and the bytes each archive holds there (its bound).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('archive_dropped_logs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('archive_id', 'integer', (col) => col.notNull())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('hour_ms', 'bigint', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('archive_dropped_logs_hour').on('archive_dropped_logs').columns(['archive_id', 'hour_ms', 'id']).execute();
  await db.schema
    .alterTable('archive_settings')
    .addColumn('dropped_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('archive_settings').dropColumn('dropped_bytes').execute();
  await db.schema.dropTable('archive_dropped_logs').execute();
}
