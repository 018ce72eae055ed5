import type { Kysely } from 'kysely';

// Security accounts, security rules and the triage of security events (whose firings are the detection engine's).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('security_accounts')
    .addColumn('account_id', 'integer', (col) => col.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('accounts_to_scan', 'text', (col) => col.notNull())
    .addColumn('is_using_repository_account', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('security_rules')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull())
    .addColumn('protected', 'integer', (col) => col.notNull())
    .addColumn('definition', 'text', (col) => col.notNull())
    .addColumn('origin', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('security_rules_account').on('security_rules').column('account_id').execute();
  await db.schema.createIndex('security_rules_enabled').on('security_rules').column('enabled').execute();

  await db.schema
    .createTable('security_rule_versions')
    .addColumn('rule_id', 'integer', (col) => col.notNull())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('valid_until', 'bigint', (col) => col.notNull())
    .addColumn('definition', 'text', (col) => col.notNull())
    .addColumn('origin', 'text')
    .addPrimaryKeyConstraint('security_rule_versions_pk', ['rule_id', 'valid_until'])
    .execute();

  await db.schema
    .createTable('security_event_states')
    .addColumn('firing_id', 'text', (col) => col.primaryKey())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('assignee', 'text')
    .addColumn('comment', 'text')
    .addColumn('muted', 'integer', (col) => col.notNull())
    .addColumn('muted_until', 'bigint')
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_by', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('security_event_history')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('firing_id', 'text', (col) => col.notNull())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('at', 'bigint', (col) => col.notNull())
    .addColumn('by', 'text', (col) => col.notNull())
    .addColumn('change', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('security_event_history_firing').on('security_event_history').columns(['firing_id', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'security_event_history',
    'security_event_states',
    'security_rule_versions',
    'security_rules',
    'security_accounts',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
