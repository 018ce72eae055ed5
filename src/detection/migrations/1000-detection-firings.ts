import { sql, type Kysely } from 'kysely';

// The detection engine owns the firing outbox and the watermarks of every rule kind (decision 0340); alerts are
// the first kind, so their firings and watermarks move over as kind `alert`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('detection_watermarks')
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('rule_id', 'integer', (col) => col.notNull())
    .addColumn('evaluated_until', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('detection_watermarks_pk', ['kind', 'rule_id'])
    .execute();

  await db.schema
    .createTable('detection_firings')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('firing_key', 'text', (col) => col.notNull().unique())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('rule_id', 'integer', (col) => col.notNull())
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
    .addColumn('event_log_batch', 'text')
    .execute();
  await db.schema
    .createIndex('detection_firings_account_date')
    .on('detection_firings')
    .columns(['account_id', 'kind', 'event_date'])
    .execute();
  await db.schema
    .createIndex('detection_firings_group')
    .on('detection_firings')
    .columns(['kind', 'rule_id', 'group_key', 'event_date'])
    .execute();
  await db.schema.createIndex('detection_firings_state').on('detection_firings').column('notification_state').execute();

  await sql`insert into detection_watermarks (kind, rule_id, evaluated_until, updated_at)
    select 'alert', alert_id, evaluated_until, updated_at from alert_watermarks`.execute(db);
  await sql`insert into detection_firings (id, firing_key, kind, rule_id, account_id, name, severity, tags, group_key, group_values, value,
      window_start, window_end, event_date, payload, notification_state, event_log_batch)
    select id, firing_key, 'alert', alert_id, account_id, name, severity, tags, group_key, group_values, value,
      window_start, window_end, event_date, payload, notification_state, event_log_batch from triggered_alerts`.execute(db);
  await db.schema.dropTable('triggered_alerts').execute();
  await db.schema.dropTable('alert_watermarks').execute();
}

export async function down(): Promise<void> {
  throw new Error('1000-detection-firings cannot be undone: restore a backup taken before the upgrade');
}
