import type { Kysely } from 'kysely';

// Long work (snapshot renders …) as rows: any process may claim a due task, and one whose process died is taken
// over when its lease runs out, so the work survives a restart (decision 0671).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tracked_tasks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('account_id', 'integer', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('progress', 'real', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addColumn('max_attempts', 'integer', (col) => col.notNull())
    .addColumn('holder', 'text')
    .addColumn('lease_expires_at', 'bigint', (col) => col.notNull())
    .addColumn('run_after', 'bigint', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('tracked_tasks_due').on('tracked_tasks').columns(['status', 'run_after']).execute();
  await db.schema.createIndex('tracked_tasks_subject').on('tracked_tasks').columns(['kind', 'subject']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tracked_tasks').execute();
}
