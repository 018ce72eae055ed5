import type { Kysely } from 'kysely';

// Notification endpoints, alert definitions, their evaluation watermarks, triggered alerts and the
// outcome of every notification delivery.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification_endpoints')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('endpoint_type', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('settings_encrypted', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('notification_endpoints_account').on('notification_endpoints').column('account_id').execute();

  await db.schema
    .createTable('alerts')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull())
    .addColumn('definition', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('alerts_account').on('alerts').column('account_id').execute();
  await db.schema.createIndex('alerts_enabled').on('alerts').column('enabled').execute();

  await db.schema
    .createTable('alert_watermarks')
    .addColumn('alert_id', 'integer', (col) => col.primaryKey().references('alerts.id').onDelete('cascade'))
    .addColumn('evaluated_until', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('triggered_alerts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('firing_key', 'text', (col) => col.notNull().unique())
    .addColumn('alert_id', 'integer', (col) => col.notNull())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('severity', 'text', (col) => col.notNull())
    .addColumn('tags', 'text', (col) => col.notNull())
    .addColumn('group_key', 'text', (col) => col.notNull())
    .addColumn('group_values', 'text', (col) => col.notNull())
    .addColumn('value', 'double precision', (col) => col.notNull())
    .addColumn('window_start', 'bigint', (col) => col.notNull())
    .addColumn('window_end', 'bigint', (col) => col.notNull())
    .addColumn('event_date', 'bigint', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('notification_state', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('triggered_alerts_account_date').on('triggered_alerts').columns(['account_id', 'event_date']).execute();
  await db.schema.createIndex('triggered_alerts_group').on('triggered_alerts').columns(['alert_id', 'group_key', 'event_date']).execute();
  await db.schema.createIndex('triggered_alerts_state').on('triggered_alerts').column('notification_state').execute();

  await db.schema
    .createTable('notification_deliveries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('source_key', 'text', (col) => col.notNull())
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('target', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addColumn('http_status', 'integer')
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('notification_deliveries_source')
    .on('notification_deliveries')
    .columns(['source_key', 'channel', 'target'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['notification_deliveries', 'triggered_alerts', 'alert_watermarks', 'alerts', 'notification_endpoints']) {
    await db.schema.dropTable(table).execute();
  }
}
