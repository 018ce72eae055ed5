import type { Kysely } from 'kysely';

// S3 fetchers of Logs accounts, with their sealed keys and last status, and every object each has read
// (decision 0710): the read set is what keeps a restart from reading an object twice or skipping one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('s3_fetchers')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('bucket', 'text', (col) => col.notNull())
    .addColumn('prefix', 'text', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('logs_type', 'text', (col) => col.notNull())
    .addColumn('active', 'integer', (col) => col.notNull())
    .addColumn('add_object_key', 'integer', (col) => col.notNull())
    .addColumn('arn', 'text')
    .addColumn('sealed_keys', 'text')
    .addColumn('access_key_hint', 'text')
    .addColumn('endpoint', 'text')
    .addColumn('last_fetch_at', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', 'bigint')
    .addColumn('objects_read', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('logs_read', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('s3_fetchers_account').on('s3_fetchers').columns(['account_id', 'created_at']).execute();
  await db.schema
    .createTable('s3_fetcher_objects')
    .addColumn('fetcher_id', 'integer', (col) => col.notNull().references('s3_fetchers.id').onDelete('cascade'))
    .addColumn('object_key', 'text', (col) => col.notNull())
    .addColumn('etag', 'text', (col) => col.notNull())
    .addColumn('ingested', 'integer', (col) => col.notNull())
    .addColumn('logs', 'bigint', (col) => col.notNull())
    .addColumn('read_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('s3_fetcher_objects_pk', ['fetcher_id', 'object_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('s3_fetcher_objects').execute();
  await db.schema.dropTable('s3_fetchers').execute();
}
