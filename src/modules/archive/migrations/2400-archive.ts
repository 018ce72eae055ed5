import type { Kysely } from 'kysely';

// Archive settings of Logs accounts with their sealed keys and how far they have archived, and the restores made
// from them (decisions 0700-0703).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('archive_settings')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('storage_type', 'text', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull())
    .addColumn('compressed', 'integer', (col) => col.notNull())
    .addColumn('destination', 'text', (col) => col.notNull())
    .addColumn('sealed_keys', 'text')
    .addColumn('access_key_hint', 'text')
    .addColumn('archived_through', 'bigint', (col) => col.notNull())
    .addColumn('last_archived_at', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('archive_settings_account').on('archive_settings').columns(['account_id']).execute();
  await db.schema
    .createTable('archive_restores')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('archive_id', 'integer', (col) => col.notNull())
    .addColumn('account_name', 'text', (col) => col.notNull())
    .addColumn('restored_account_id', 'integer')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('start_ms', 'bigint', (col) => col.notNull())
    .addColumn('end_ms', 'bigint', (col) => col.notNull())
    .addColumn('restored_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('restored_logs', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .addColumn('error', 'text')
    .addColumn('done_through_key', 'text')
    .execute();
  await db.schema.createIndex('archive_restores_account').on('archive_restores').columns(['account_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('archive_restores').execute();
  await db.schema.dropTable('archive_settings').execute();
}
