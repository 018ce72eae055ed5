import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on the current table types.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shared_token_filters')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('field', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('shared_token_filters_account').on('shared_token_filters').column('account_id').execute();

  await db.schema
    .createTable('shared_tokens')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('token_hint', 'text', (col) => col.notNull())
    .addColumn('filters_operator', 'text', (col) => col.notNull())
    .addColumn('expiration_date', 'bigint')
    .addColumn('last_used_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('shared_tokens_account').on('shared_tokens').column('account_id').execute();

  await db.schema
    .createTable('shared_token_filter_links')
    .addColumn('token_id', 'integer', (col) => col.notNull().references('shared_tokens.id').onDelete('cascade'))
    // Never a cascade: a filter a token carries is not deleted from under it, which would widen the token (decision
    // 0551), even in a race with an update. Checked at commit, so an account's deletion, which takes its filters and
    // its tokens (and with them their links) in one go, passes on PostgreSQL too.
    .addColumn('filter_id', 'integer', (col) =>
      col
        .notNull()
        .references('shared_token_filters.id')
        .modifyEnd(sql`deferrable initially deferred`),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('shared_token_filter_links_pk', ['token_id', 'filter_id'])
    .execute();
  await db.schema.createIndex('shared_token_filter_links_filter').on('shared_token_filter_links').column('filter_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shared_token_filter_links').execute();
  await db.schema.dropTable('shared_tokens').execute();
  await db.schema.dropTable('shared_token_filters').execute();
}
