import type { Kysely } from 'kysely';

// Open scrolls, so that any api process continues a scroll another opened (issue 51): the search, its snapshot and
// the keyset position of the last page, as JSON.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scroll_contexts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner', 'text', (col) => col.notNull())
    .addColumn('context', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('scroll_contexts_expires_at').on('scroll_contexts').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scroll_contexts').execute();
}
