import type { Kysely } from 'kysely';

// A firing's notifications are claimed by one process before it sends them (issue 51): a cycle that outlives its
// lease, or two schedulers, can no longer notify the same firing twice. Numbered high in the area's range so it
// stays clear of the kinds' own next migrations.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('detection_firings').addColumn('claimed_by', 'text').execute();
  await db.schema.alterTable('detection_firings').addColumn('claimed_until', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('detection_firings').dropColumn('claimed_until').execute();
  await db.schema.alterTable('detection_firings').dropColumn('claimed_by').execute();
}
