import type { Kysely } from 'kysely';

// Lookup lists of an account and their elements: a value is unique within its list (bulk adds merge on it), and
// expired elements are found by their expiry for the cleanup job.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lookup_lists')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('version', 'bigint', (col) => col.notNull())
    .addColumn('next_element_id', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('lookup_lists_account').on('lookup_lists').columns(['account_id', 'name']).execute();

  await db.schema
    .createTable('lookup_elements')
    .addColumn('list_id', 'text', (col) => col.notNull().references('lookup_lists.id').onDelete('cascade'))
    .addColumn('id', 'integer', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('comment', 'text')
    .addColumn('expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('lookup_elements_pk', ['list_id', 'id'])
    .addUniqueConstraint('lookup_elements_value', ['list_id', 'value'])
    .execute();
  await db.schema.createIndex('lookup_elements_expiry').on('lookup_elements').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lookup_elements').execute();
  await db.schema.dropTable('lookup_lists').execute();
}
