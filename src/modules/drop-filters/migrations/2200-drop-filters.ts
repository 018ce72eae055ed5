import { sql, type Kysely } from 'kysely';

// Drop filters of Logs accounts, what each matched per day (for its daily threshold), and the generation every
// ingest process polls to notice a change (decision 0690).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('drop_filters')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('active', 'integer', (col) => col.notNull())
    .addColumn('log_type', 'text')
    .addColumn('description', 'text')
    .addColumn('field_conditions', 'text', (col) => col.notNull())
    .addColumn('threshold_gb', 'double precision')
    .addColumn('dropped_logs', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('dropped_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('drop_filters_account').on('drop_filters').columns(['account_id', 'created_at']).execute();
  await db.schema
    .createTable('drop_filter_days')
    .addColumn('filter_id', 'text', (col) => col.notNull().references('drop_filters.id').onDelete('cascade'))
    .addColumn('day', 'bigint', (col) => col.notNull())
    .addColumn('matched_bytes', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('drop_filter_days_pk', ['filter_id', 'day'])
    .execute();
  await db.schema
    .createTable('drop_filter_generation')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('generation', 'bigint', (col) => col.notNull())
    .execute();
  await sql`insert into drop_filter_generation (id, generation) values (1, 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('drop_filter_generation').execute();
  await db.schema.dropTable('drop_filter_days').execute();
  await db.schema.dropTable('drop_filters').execute();
}
