import type { Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on the current table types.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('authentication_groups')
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('group_name', 'text', (col) => col.notNull())
    .addColumn('user_role', 'text', (col) => col.notNull())
    // The Terraform client compares the array it sent with the one it reads back, so order is kept.
    .addColumn('position', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('authentication_groups_pk', ['account_id', 'group_name'])
    .execute();

  await db.schema
    .createTable('session_revocations')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('session_revocations_account').on('session_revocations').columns(['account_id', 'revoked_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('session_revocations').execute();
  await db.schema.dropTable('authentication_groups').execute();
}
