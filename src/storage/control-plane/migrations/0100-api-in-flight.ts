import type { Kysely } from 'kysely';

// Each api process's in-flight requests per account, published a few times a second, so the per-account
// concurrency limit holds for the cluster rather than per process (issue 51).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_in_flight')
    .addColumn('process_id', 'text', (col) => col.notNull())
    .addColumn('account_id', 'integer', (col) => col.notNull())
    .addColumn('in_flight', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('api_in_flight_pk', ['process_id', 'account_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_in_flight').execute();
}
