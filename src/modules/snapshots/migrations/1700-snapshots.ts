import type { Kysely } from 'kysely';

// Snapshots of dashboards and visualizations: the request, its status and where its image is (decision 0672).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('snapshots')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('account_id', 'integer', (col) => col.notNull())
    .addColumn('snapshot_type', 'text', (col) => col.notNull())
    .addColumn('saved_object_id', 'text', (col) => col.notNull())
    .addColumn('saved_object_name', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('failure', 'text')
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('query_string', 'text', (col) => col.notNull())
    .addColumn('dark_theme', 'integer', (col) => col.notNull())
    .addColumn('time_from', 'bigint', (col) => col.notNull())
    .addColumn('time_to', 'bigint', (col) => col.notNull())
    .addColumn('time_zone', 'text', (col) => col.notNull())
    .addColumn('emails', 'text', (col) => col.notNull())
    .addColumn('slack_webhook_urls', 'text', (col) => col.notNull())
    .addColumn('endpoint_ids', 'text', (col) => col.notNull())
    .addColumn('image_key', 'text')
    .addColumn('image_token', 'text', (col) => col.notNull().unique())
    .addColumn('app_link_url', 'text', (col) => col.notNull())
    .addColumn('image_url', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('snapshots_account').on('snapshots').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('snapshots_expiry').on('snapshots').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('snapshots').execute();
}
