import type { Kysely } from 'kysely';

// Alert event logs are written in batches, one store insert per batch under the batch's token: a batch a crash
// interrupted is written again under the same token, and the store keeps it once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('triggered_alerts').addColumn('event_log_batch', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('triggered_alerts').dropColumn('event_log_batch').execute();
}
