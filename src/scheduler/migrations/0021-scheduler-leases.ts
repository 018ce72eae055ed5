import type { Kysely } from 'kysely';

// One row per scheduled job: the process holding it and until when, so that with several scheduler
// processes each run of a job happens once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scheduler_leases')
    .addColumn('job', 'text', (col) => col.primaryKey())
    .addColumn('holder', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('last_run_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scheduler_leases').execute();
}
