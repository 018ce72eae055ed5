import type { Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on the current table types.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('owner_account_id', 'integer')
    .addColumn('account_type', 'text', (col) => col.notNull())
    .addColumn('email', 'text')
    .addColumn('retention_days', 'integer', (col) => col.notNull())
    .addColumn('max_daily_gb', 'double precision', (col) => col.notNull())
    .addColumn('reserved_daily_gb', 'double precision')
    .addColumn('is_flexible', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('searchable', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('accessible', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('doc_size_setting', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('settings', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('last_updater_user_id', 'integer')
    .execute();
  await db.schema.createIndex('accounts_owner').on('accounts').column('owner_account_id').execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('username', 'text', (col) => col.notNull().unique())
    .addColumn('full_name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('account_users')
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('suspended', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('account_users_pk', ['account_id', 'user_id'])
    .execute();
  await db.schema.createIndex('account_users_user').on('account_users').column('user_id').execute();

  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('created_by', 'text')
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema.createIndex('api_tokens_account').on('api_tokens').column('account_id').execute();

  await db.schema
    .createTable('shipping_tokens')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('created_by', 'text')
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema.createIndex('shipping_tokens_account').on('shipping_tokens').column('account_id').execute();

  await db.schema
    .createTable('key_value')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['key_value', 'shipping_tokens', 'api_tokens', 'account_users', 'users', 'accounts']) {
    await db.schema.dropTable(table).execute();
  }
}
