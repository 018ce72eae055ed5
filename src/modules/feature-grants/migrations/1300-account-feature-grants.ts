import type { Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on the current table types.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_feature_grants')
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('feature', 'text', (col) => col.notNull())
    .addColumn('granted_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('account_feature_grants_pk', ['account_id', 'feature'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_feature_grants').execute();
}
