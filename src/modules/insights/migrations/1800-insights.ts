import type { Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on the current table types.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('insight_learning_states')
    .addColumn('account_id', 'integer', (col) => col.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('parser_state', 'text', (col) => col.notNull())
    .addColumn('from_ms', 'bigint', (col) => col.notNull())
    .addColumn('cursor', 'text')
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('insights')
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('insight_id', 'text', (col) => col.notNull())
    .addColumn('insight_type', 'text', (col) => col.notNull())
    .addColumn('tag_name', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('links', 'text', (col) => col.notNull())
    .addColumn('query', 'text', (col) => col.notNull())
    .addColumn('first_occurrence', 'bigint', (col) => col.notNull())
    .addColumn('last_occurrence', 'bigint', (col) => col.notNull())
    .addColumn('count', 'bigint', (col) => col.notNull())
    .addColumn('log_types', 'text', (col) => col.notNull())
    .addColumn('additional_data', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('insights_pk', ['account_id', 'insight_id'])
    .execute();
  await db.schema.createIndex('insights_account_last').on('insights').columns(['account_id', 'last_occurrence']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('insights').execute();
  await db.schema.dropTable('insight_learning_states').execute();
}
