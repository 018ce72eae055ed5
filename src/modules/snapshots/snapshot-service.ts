import { randomBytes } from 'node:crypto';
import { isAppError } from '../../shared/app-error.js';
import type { Clock } from '../../shared/clock.js';
import { newInt32Id } from '../../shared/ids.js';
import type { Principal } from '../../shared/principal.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { DeliveryRecord } from '../notifications/index.js';
import type { SavedObject } from '../saved-objects/index.js';
import { snapshotErrors } from './snapshot-errors.js';
import { snapshotRepository } from './snapshot-repository.js';
import { SNAPSHOT_RETENTION_MS, savedObjectTypeOf, type Snapshot, type SnapshotType } from './snapshot.js';
import type { CreateSnapshotRequest, SnapshotResponse } from './snapshot-wire.js';

export interface SnapshotServiceDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
  readonly blobs: BlobStore;
  /** Queues the tracked task that renders and sends the snapshot (src/scheduler/tasks, wired in src/app). */
  readonly queueRender: (accountId: number, snapshotId: number) => Promise<void>;
  /** How far the snapshot's task is (0..1). */
  readonly renderProgress: (snapshotId: number) => Promise<number>;
  /** Forgets the snapshot's task (the snapshot expired). */
  readonly forgetRender: (snapshotId: number) => Promise<void>;
  /** The saved object of the principal's account, or a not_found error. */
  readonly getSavedObject: (principal: Principal, type: 'dashboard' | 'visualization', id: string) => Promise<SavedObject>;
  readonly unknownEndpointIds: (accountId: number, ids: readonly number[]) => Promise<number[]>;
  /** The outbound policy's check of a user-given URL (decision 0350). */
  readonly assertAllowedUrl: (url: string, field: string) => Promise<void>;
  readonly deliveries: (sourceKey: string) => Promise<DeliveryRecord[]>;
  /** LOGWARD_PUBLIC_URL, when set: links sent out start with it rather than with the request's address. */
  readonly publicUrl: string | undefined;
}

export type SnapshotService = ReturnType<typeof createSnapshotService>;

export function deliverySourceKey(snapshotId: number): string {
  return `snapshot:${snapshotId}`;
}

/** The bare id of `dashboard:<id>` (the export's `_id`), refusing one of another type. */
function objectIdOf(given: string, type: SnapshotType): string {
  const expected = savedObjectTypeOf(type);
  const colon = given.indexOf(':');
  if (colon < 0) return given;
  const prefix = given.slice(0, colon);
  if (prefix === expected) return given.slice(colon + 1);
  if (prefix === 'dashboard' || prefix === 'visualization' || prefix === 'search') throw snapshotErrors.badObjectId(given, prefix);
  return given;
}

function assertTimeZone(zone: string): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    throw snapshotErrors.badTimeZone(zone);
  }
}

function assertHttpUrl(url: string, index: number): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw snapshotErrors.badSlackUrl(index);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw snapshotErrors.badSlackUrl(index);
}

/** The web app's view of what the snapshot shows, with its time frame and query (web/src/visualize). */
function appLinkOf(base: string, type: SnapshotType, objectId: string, body: CreateSnapshotRequest): string {
  const params = new URLSearchParams({ from: new Date(body.timeFrameFrom).toISOString(), to: new Date(body.timeFrameTo).toISOString() });
  if ((body.queryString ?? '').trim() !== '') params.set('q', body.queryString ?? '');
  const section = type === 'DASHBOARD' ? 'dashboards' : 'visualize';
  return `${base}/app/${section}/${encodeURIComponent(objectId)}?${params.toString()}`;
}

function actorOf(principal: Principal): string {
  return principal.kind === 'session'
    ? principal.email
    : principal.kind === 'api-token'
      ? `api-token:${principal.tokenId}`
      : 'shared-token';
}

/** Snapshots (decision 0672): a request is checked and queued at once; the tracked task renders and delivers it. */
export function createSnapshotService(deps: SnapshotServiceDeps) {
  const { db, clock } = deps;

  async function view(snapshot: Snapshot, progress: number): Promise<SnapshotResponse> {
    const deliveries = await deps.deliveries(deliverySourceKey(snapshot.id));
    return {
      snapshotId: snapshot.id,
      accountId: snapshot.accountId,
      snapshotType: snapshot.type,
      status: snapshot.status,
      snapshotSavedObjectName: snapshot.savedObjectName,
      imageUrl: snapshot.imageKey === null ? '' : snapshot.imageUrl,
      appLinkUrl: snapshot.appLinkUrl,
      message: snapshot.status === 'FAILED' ? (snapshot.failure ?? 'failed') : snapshot.message,
      timeFrameFrom: snapshot.timeFrom,
      timeFrameTo: snapshot.timeTo,
      snapshotTimeZone: snapshot.timeZone,
      progress: snapshot.status === 'IN_PROGRESS' ? progress : 1,
      createdAt: snapshot.createdAt,
      expiresAt: snapshot.expiresAt,
      deliveries: deliveries.map((d) => ({
        channel: d.channel,
        target: d.target,
        delivered: d.outcome.delivered,
        attempts: d.outcome.attempts,
        error: d.outcome.error,
      })),
    };
  }

  async function progressOf(snapshot: Snapshot): Promise<number> {
    if (snapshot.status !== 'IN_PROGRESS') return 1;
    return deps.renderProgress(snapshot.id);
  }

  return {
    async create(principal: Principal, body: CreateSnapshotRequest, requestOrigin: string): Promise<{ snapshotId: number }> {
      const emails = [...new Set(body.emails ?? [])];
      const slackWebhookUrls = body.slackWebhookUrls ?? [];
      const endpointIds = [...new Set(body.endpoints ?? [])];
      if (emails.length + slackWebhookUrls.length + endpointIds.length === 0) throw snapshotErrors.noRecipient();
      if (body.timeFrameTo <= body.timeFrameFrom) throw snapshotErrors.badTimeFrame(body.timeFrameFrom, body.timeFrameTo);
      assertTimeZone(body.snapshotTimeZone);
      for (const [index, url] of slackWebhookUrls.entries()) {
        assertHttpUrl(url, index);
        await deps.assertAllowedUrl(url, `body.slackWebhookUrls[${index}]`);
      }
      const unknown = await deps.unknownEndpointIds(principal.accountId, endpointIds);
      if (unknown.length > 0) throw snapshotErrors.unknownEndpoints(unknown);
      const objectId = objectIdOf(body.snapshotSavedObjectId, body.snapshotType);
      const objectType = savedObjectTypeOf(body.snapshotType);
      let object: SavedObject;
      try {
        object = await deps.getSavedObject(principal, objectType, objectId);
      } catch (error) {
        // Another account's object is exactly as absent as one that never existed.
        if (isAppError(error) && error.code === 'not_found') throw snapshotErrors.savedObjectNotFound(objectType, objectId);
        throw error;
      }
      const base = deps.publicUrl ?? requestOrigin;
      const now = clock.now();
      const token = randomBytes(32).toString('base64url');
      const snapshot: Snapshot = {
        id: newInt32Id(),
        accountId: principal.accountId,
        type: body.snapshotType,
        savedObjectId: objectId,
        savedObjectName: typeof object.attributes.title === 'string' ? object.attributes.title : objectId,
        status: 'IN_PROGRESS',
        failure: null,
        message: body.message ?? '',
        queryString: body.queryString ?? '',
        darkTheme: body.darkTheme === true,
        timeFrom: body.timeFrameFrom,
        timeTo: body.timeFrameTo,
        timeZone: body.snapshotTimeZone,
        emails,
        slackWebhookUrls,
        endpointIds,
        imageKey: null,
        imageToken: token,
        imageUrl: `${base}/v1/snapshotter/images/${token}.png`,
        appLinkUrl: appLinkOf(base, body.snapshotType, objectId, body),
        createdBy: actorOf(principal),
        createdAt: now,
        updatedAt: now,
        expiresAt: now + SNAPSHOT_RETENTION_MS,
      };
      await snapshotRepository.insert(db, snapshot);
      await deps.queueRender(principal.accountId, snapshot.id);
      return { snapshotId: snapshot.id };
    },

    async get(principal: Principal, id: number): Promise<SnapshotResponse> {
      const snapshot = await snapshotRepository.get(db, principal.accountId, id);
      if (snapshot === undefined) throw snapshotErrors.notFound(id);
      return view(snapshot, await progressOf(snapshot));
    },

    async list(principal: Principal, size: number): Promise<SnapshotResponse[]> {
      const snapshots = await snapshotRepository.list(db, principal.accountId, size);
      return Promise.all(snapshots.map(async (snapshot) => view(snapshot, await progressOf(snapshot))));
    },

    /** The PNG behind an image link; the link's token is the only key (256 random bits). */
    async image(file: string): Promise<Uint8Array> {
      const match = /^([A-Za-z0-9_-]{43})\.png$/.exec(file);
      if (match?.[1] === undefined) throw snapshotErrors.imageNotFound();
      const snapshot = await snapshotRepository.byImageToken(db, match[1]);
      if (snapshot?.imageKey === undefined || snapshot.imageKey === null || snapshot.expiresAt <= clock.now())
        throw snapshotErrors.imageNotFound();
      const bytes = await deps.blobs.get(snapshot.imageKey);
      if (bytes === undefined) throw snapshotErrors.imageNotFound();
      return bytes;
    },

    /** Deletes snapshots past their 30 days, image first (a crash between leaves a row the next run deletes). */
    async expire(): Promise<number> {
      let deleted = 0;
      for (;;) {
        const batch = await snapshotRepository.expired(db, clock.now(), 100);
        if (batch.length === 0) return deleted;
        for (const snapshot of batch) {
          if (snapshot.imageKey !== null) await deps.blobs.delete(snapshot.imageKey);
          await deps.forgetRender(snapshot.id);
          await snapshotRepository.delete(db, snapshot.id);
          deleted += 1;
        }
      }
    },
  };
}
