import type { Selectable } from 'kysely';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { S3Fetcher, S3LogsType, S3Region } from './s3-fetcher.js';
import type { S3FetchersTable } from './s3-fetcher-tables.js';

type Row = Selectable<S3FetchersTable>;

const optionalNumber = (value: number | null): number | undefined => (value === null ? undefined : Number(value));

function fromRow(row: Row): S3Fetcher {
  return {
    id: Number(row.id),
    accountId: Number(row.account_id),
    bucket: row.bucket,
    prefix: row.prefix,
    region: row.region as S3Region,
    logsType: row.logs_type as S3LogsType,
    active: row.active === 1,
    addS3ObjectKeyAsLogField: row.add_object_key === 1,
    arn: row.arn ?? undefined,
    sealedKeys: row.sealed_keys ?? undefined,
    accessKeyHint: row.access_key_hint ?? undefined,
    endpoint: row.endpoint ?? undefined,
    status: {
      lastFetchAt: optionalNumber(row.last_fetch_at),
      lastError: row.last_error ?? undefined,
      lastErrorAt: optionalNumber(row.last_error_at),
      objectsRead: Number(row.objects_read),
      logsRead: Number(row.logs_read),
    },
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** The settings a create or an update writes; the status columns belong to the fetch cycle. */
function settings(fetcher: S3Fetcher) {
  return {
    bucket: fetcher.bucket,
    prefix: fetcher.prefix,
    region: fetcher.region,
    logs_type: fetcher.logsType,
    active: fetcher.active ? 1 : 0,
    add_object_key: fetcher.addS3ObjectKeyAsLogField ? 1 : 0,
    arn: fetcher.arn ?? null,
    sealed_keys: fetcher.sealedKeys ?? null,
    access_key_hint: fetcher.accessKeyHint ?? null,
    endpoint: fetcher.endpoint ?? null,
    updated_at: fetcher.updatedAt,
  };
}

/** What one object gave: recorded with the fetcher's counters in one transaction. */
export interface ObjectOutcome {
  readonly key: string;
  readonly etag: string;
  readonly ingested: boolean;
  readonly logs: number;
}

export const s3FetcherRepository = {
  async insert(db: ControlPlaneDb, fetcher: S3Fetcher): Promise<void> {
    await db
      .insertInto('s3_fetchers')
      .values({
        id: fetcher.id,
        account_id: fetcher.accountId,
        ...settings(fetcher),
        last_fetch_at: null,
        last_error: null,
        last_error_at: null,
        objects_read: 0,
        logs_read: 0,
        created_at: fetcher.createdAt,
      })
      .execute();
  },

  async update(db: ControlPlaneDb, fetcher: S3Fetcher): Promise<boolean> {
    const result = await db
      .updateTable('s3_fetchers')
      .set(settings(fetcher))
      .where('account_id', '=', fetcher.accountId)
      .where('id', '=', fetcher.id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  async list(db: ControlPlaneDb, accountId: number): Promise<S3Fetcher[]> {
    const rows = await db
      .selectFrom('s3_fetchers')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(fromRow);
  },

  async get(db: ControlPlaneDb, accountId: number, id: number): Promise<S3Fetcher | undefined> {
    const row = await db.selectFrom('s3_fetchers').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : fromRow(row);
  },

  async delete(db: ControlPlaneDb, accountId: number, id: number): Promise<boolean> {
    return db.transaction().execute(async (tx) => {
      const owned = await tx
        .selectFrom('s3_fetchers')
        .select('id')
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (owned === undefined) return false;
      await tx.deleteFrom('s3_fetcher_objects').where('fetcher_id', '=', id).execute();
      await tx.deleteFrom('s3_fetchers').where('id', '=', id).execute();
      return true;
    });
  },

  async forgetObjects(db: ControlPlaneDb, fetcherId: number): Promise<void> {
    await db.deleteFrom('s3_fetcher_objects').where('fetcher_id', '=', fetcherId).execute();
  },

  /** Every active fetcher of every account, for the fetch cycle. */
  async listActive(db: ControlPlaneDb): Promise<S3Fetcher[]> {
    const rows = await db.selectFrom('s3_fetchers').selectAll().where('active', '=', 1).orderBy('id').execute();
    return rows.map(fromRow);
  },

  /** Keys already read (or skipped as unreadable) with the ETag they had then. */
  async readObjects(db: ControlPlaneDb, fetcherId: number): Promise<Map<string, string>> {
    const rows = await db.selectFrom('s3_fetcher_objects').select(['object_key', 'etag']).where('fetcher_id', '=', fetcherId).execute();
    return new Map(rows.map((row) => [row.object_key, row.etag]));
  },

  /** Records an object as read and counts it; nothing when the fetcher was deleted meanwhile. */
  async recordObject(db: ControlPlaneDb, fetcherId: number, outcome: ObjectOutcome, now: number): Promise<void> {
    await db.transaction().execute(async (tx) => {
      const exists = await tx.selectFrom('s3_fetchers').select('id').where('id', '=', fetcherId).executeTakeFirst();
      if (exists === undefined) return;
      await tx.deleteFrom('s3_fetcher_objects').where('fetcher_id', '=', fetcherId).where('object_key', '=', outcome.key).execute();
      await tx
        .insertInto('s3_fetcher_objects')
        .values({
          fetcher_id: fetcherId,
          object_key: outcome.key,
          etag: outcome.etag,
          ingested: outcome.ingested ? 1 : 0,
          logs: outcome.logs,
          read_at: now,
        })
        .execute();
      if (outcome.ingested) {
        await tx
          .updateTable('s3_fetchers')
          .set((eb) => ({ objects_read: eb('objects_read', '+', 1), logs_read: eb('logs_read', '+', outcome.logs) }))
          .where('id', '=', fetcherId)
          .execute();
      }
    });
  },

  /** The end of one fetcher's cycle: when it ran, and its error. The last error stays until a newer one: its time against
   * `last_fetch_at` tells whether later cycles went well. */
  async recordCycle(db: ControlPlaneDb, fetcherId: number, now: number, error: string | undefined): Promise<void> {
    await db
      .updateTable('s3_fetchers')
      .set(error === undefined ? { last_fetch_at: now } : { last_fetch_at: now, last_error: error, last_error_at: now })
      .where('id', '=', fetcherId)
      .execute();
  },
};
