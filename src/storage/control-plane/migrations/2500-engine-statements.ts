import type { Kysely } from 'kysely';

// Each process's engine statements per admission key (an account, or background work), published a few times a
// second, so the fair admission of statements holds for the cluster's one ClickHouse (issue 51, decision 0740).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('engine_statements')
    .addColumn('process_id', 'text', (col) => col.notNull())
    .addColumn('share_key', 'text', (col) => col.notNull())
    .addColumn('running', 'integer', (col) => col.notNull())
    .addColumn('waiting_for_slot', 'integer', (col) => col.notNull())
    .addColumn('served_at', 'bigint')
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('engine_statements_pk', ['process_id', 'share_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('engine_statements').execute();
}
