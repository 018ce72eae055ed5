import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { SnapshotsTable } from './snapshot-tables.js';
import type { Snapshot, SnapshotStatus, SnapshotType } from './snapshot.js';

function strings(json: string): string[] {
  const parsed = JSON.parse(json) as unknown;
  return Array.isArray(parsed) ? parsed.map(String) : [];
}

function toSnapshot(row: SnapshotsTable): Snapshot {
  return {
    id: Number(row.id),
    accountId: Number(row.account_id),
    type: row.snapshot_type as SnapshotType,
    savedObjectId: row.saved_object_id,
    savedObjectName: row.saved_object_name,
    status: row.status as SnapshotStatus,
    failure: row.failure,
    message: row.message,
    queryString: row.query_string,
    darkTheme: Number(row.dark_theme) === 1,
    timeFrom: Number(row.time_from),
    timeTo: Number(row.time_to),
    timeZone: row.time_zone,
    emails: strings(row.emails),
    slackWebhookUrls: strings(row.slack_webhook_urls),
    endpointIds: strings(row.endpoint_ids).map(Number),
    imageKey: row.image_key,
    imageToken: row.image_token,
    imageUrl: row.image_url,
    appLinkUrl: row.app_link_url,
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    expiresAt: Number(row.expires_at),
  };
}

/** Snapshot rows; every read of a caller's snapshot names its account. */
export const snapshotRepository = {
  async insert(db: ControlPlaneDb, snapshot: Snapshot): Promise<void> {
    await db
      .insertInto('snapshots')
      .values({
        id: snapshot.id,
        account_id: snapshot.accountId,
        snapshot_type: snapshot.type,
        saved_object_id: snapshot.savedObjectId,
        saved_object_name: snapshot.savedObjectName,
        status: snapshot.status,
        failure: snapshot.failure,
        message: snapshot.message,
        query_string: snapshot.queryString,
        dark_theme: snapshot.darkTheme ? 1 : 0,
        time_from: snapshot.timeFrom,
        time_to: snapshot.timeTo,
        time_zone: snapshot.timeZone,
        emails: JSON.stringify(snapshot.emails),
        slack_webhook_urls: JSON.stringify(snapshot.slackWebhookUrls),
        endpoint_ids: JSON.stringify(snapshot.endpointIds),
        image_key: snapshot.imageKey,
        image_token: snapshot.imageToken,
        image_url: snapshot.imageUrl,
        app_link_url: snapshot.appLinkUrl,
        created_by: snapshot.createdBy,
        created_at: snapshot.createdAt,
        updated_at: snapshot.updatedAt,
        expires_at: snapshot.expiresAt,
      })
      .execute();
  },

  async get(db: ControlPlaneDb, accountId: number, id: number): Promise<Snapshot | undefined> {
    const row = await db.selectFrom('snapshots').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : toSnapshot(row);
  },

  /** For the task that renders it (which knows the account from the task). */
  async getById(db: ControlPlaneDb, id: number): Promise<Snapshot | undefined> {
    const row = await db.selectFrom('snapshots').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : toSnapshot(row);
  },

  async byImageToken(db: ControlPlaneDb, token: string): Promise<Snapshot | undefined> {
    const row = await db.selectFrom('snapshots').selectAll().where('image_token', '=', token).executeTakeFirst();
    return row === undefined ? undefined : toSnapshot(row);
  },

  async list(db: ControlPlaneDb, accountId: number, limit: number): Promise<Snapshot[]> {
    const rows = await db
      .selectFrom('snapshots')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toSnapshot);
  },

  async rendered(db: ControlPlaneDb, id: number, imageKey: string, nowMs: number): Promise<void> {
    await db.updateTable('snapshots').set({ image_key: imageKey, updated_at: nowMs }).where('id', '=', id).execute();
  },

  async finish(db: ControlPlaneDb, id: number, status: SnapshotStatus, failure: string | null, nowMs: number): Promise<void> {
    await db.updateTable('snapshots').set({ status, failure, updated_at: nowMs }).where('id', '=', id).execute();
  },

  async expired(db: ControlPlaneDb, nowMs: number, limit: number): Promise<Snapshot[]> {
    const rows = await db.selectFrom('snapshots').selectAll().where('expires_at', '<=', nowMs).orderBy('expires_at').limit(limit).execute();
    return rows.map(toSnapshot);
  },

  async delete(db: ControlPlaneDb, id: number): Promise<void> {
    await db.deleteFrom('snapshots').where('id', '=', id).execute();
  },
};
