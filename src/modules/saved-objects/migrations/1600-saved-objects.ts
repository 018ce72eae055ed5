import type { Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on the current table types.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saved_objects')
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('object_type', 'text', (col) => col.notNull())
    .addColumn('object_id', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('title_key', 'text', (col) => col.notNull())
    .addColumn('hit', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('saved_objects_pk', ['account_id', 'object_type', 'object_id'])
    .execute();
  await db.schema.createIndex('saved_objects_by_title').on('saved_objects').columns(['account_id', 'object_type', 'title_key']).execute();

  await db.schema
    .createTable('saved_object_references')
    .addColumn('account_id', 'integer', (col) => col.notNull())
    .addColumn('from_type', 'text', (col) => col.notNull())
    .addColumn('from_id', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('to_type', 'text', (col) => col.notNull())
    .addColumn('to_id', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('saved_object_references_pk', ['account_id', 'from_type', 'from_id', 'position'])
    // A reference lives exactly as long as the object that holds it (and so as long as its account).
    .addForeignKeyConstraint(
      'saved_object_references_from',
      ['account_id', 'from_type', 'from_id'],
      'saved_objects',
      ['account_id', 'object_type', 'object_id'],
      (constraint) => constraint.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('saved_object_references_to')
    .on('saved_object_references')
    .columns(['account_id', 'to_type', 'to_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('saved_object_references').execute();
  await db.schema.dropTable('saved_objects').execute();
}
