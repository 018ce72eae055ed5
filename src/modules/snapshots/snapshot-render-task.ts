import { isAppError } from '../../shared/app-error.js';
import type { Clock } from '../../shared/clock.js';
import type { Principal } from '../../shared/principal.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { NotificationMessage, NotifyInput, NotifyResult } from '../notifications/index.js';
import type { SavedObject } from '../saved-objects/index.js';
import { snapshotPng } from './render/render-snapshot.js';
import { panelsOf, type PanelSources } from './snapshot-panels.js';
import { snapshotRepository } from './snapshot-repository.js';
import { deliverySourceKey } from './snapshot-service.js';
import { savedObjectTypeOf, type Snapshot } from './snapshot.js';

export interface SnapshotRenderDeps extends PanelSources {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
  readonly blobs: BlobStore;
  /** The account acting as the searcher (as its API tokens would); undefined when the account is gone. */
  readonly principalOf: (accountId: number) => Promise<Principal | undefined>;
  readonly notify: (input: NotifyInput) => Promise<NotifyResult[]>;
}

/** Retrying cannot help (what the snapshot shows is gone): the snapshot fails at once with this reason. */
export class SnapshotRenderFailure extends Error {
  override readonly name = 'SnapshotRenderFailure';
}

export interface RenderProgress {
  /** Aborts when the process stops or the work was taken over. */
  readonly signal: AbortSignal;
  progress(fraction: number): Promise<void>;
}

export interface SnapshotRenderer {
  /** Renders and sends the snapshot; throws to be retried, or a SnapshotRenderFailure to fail at once. */
  run(snapshotId: number, context: RenderProgress): Promise<void>;
  /** The snapshot failed for good. */
  failed(snapshotId: number, reason: string): Promise<void>;
}

function imageKeyOf(snapshot: Snapshot): string {
  return `snapshots/a${snapshot.accountId}/s${snapshot.id}.png`;
}

function messageOf(snapshot: Snapshot, png: Uint8Array, nowMs: number): NotificationMessage {
  const what = snapshot.type === 'DASHBOARD' ? 'dashboard' : 'visualization';
  const format = new Intl.DateTimeFormat('en-GB', { timeZone: snapshot.timeZone, dateStyle: 'medium', timeStyle: 'medium' });
  const frame = `${format.format(new Date(snapshot.timeFrom))} → ${format.format(new Date(snapshot.timeTo))} (${snapshot.timeZone})`;
  const lines = [snapshot.message, `Time frame: ${frame}`, snapshot.queryString === '' ? '' : `Query: ${snapshot.queryString}`];
  return {
    eventId: `snapshot-${snapshot.id}`,
    source: { kind: 'snapshot', id: snapshot.id, title: snapshot.savedObjectName },
    description: lines.filter((line) => line !== '').join('\n'),
    severity: 'INFO',
    tags: [],
    groupBy: {},
    value: 0,
    threshold: 0,
    windowStartMs: snapshot.timeFrom,
    windowEndMs: snapshot.timeTo,
    eventDateMs: nowMs,
    samples: [],
    isTest: false,
    headline: `Snapshot of ${what} "${snapshot.savedObjectName}"`,
    image: { url: snapshot.imageUrl, linkUrl: snapshot.appLinkUrl, png, fileName: `snapshot-${snapshot.id}.png` },
  };
}

/**
 * The tracked task of a snapshot (decision 0672): search each panel, draw the image, keep it in the blob store, send
 * it. A retry (after a failed attempt or a crash) draws again and sends only to whom did not get it yet.
 */
export function createSnapshotRenderer(deps: SnapshotRenderDeps): SnapshotRenderer {
  const { db, clock } = deps;
  return {
    async run(snapshotId, context) {
      const snapshot = await snapshotRepository.getById(db, snapshotId);
      // Expired meanwhile, or already finished by an attempt whose end was not recorded: nothing left to do.
      if (snapshot === undefined || snapshot.status !== 'IN_PROGRESS') return;
      const principal = await deps.principalOf(snapshot.accountId);
      if (principal === undefined) throw new SnapshotRenderFailure('the account no longer exists');
      const type = savedObjectTypeOf(snapshot.type);
      let object: SavedObject;
      try {
        object = await deps.getSavedObject(principal, type, snapshot.savedObjectId);
      } catch (error) {
        if (isAppError(error) && error.code === 'not_found')
          throw new SnapshotRenderFailure(
            `The ${type} "${snapshot.savedObjectName}" (${snapshot.savedObjectId}) was deleted before it was rendered.`,
          );
        throw error;
      }
      await context.progress(0.1);
      const range = { fromMs: snapshot.timeFrom, toMs: snapshot.timeTo };
      const panels = await panelsOf(
        deps,
        principal,
        object,
        { query: snapshot.queryString, range, timeZone: snapshot.timeZone, signal: context.signal },
        (done, total) => context.progress(0.1 + (0.6 * done) / Math.max(1, total)),
      );
      if (panels.length > 0 && panels.every((panel) => panel.content.kind === 'notice') && object.type === 'visualization') {
        const content = panels[0]?.content;
        throw new SnapshotRenderFailure(content?.kind === 'notice' ? content.text : 'nothing to draw');
      }
      const png = snapshotPng({
        kind: object.type === 'dashboard' ? 'dashboard' : 'visualization',
        title: snapshot.savedObjectName,
        fromMs: snapshot.timeFrom,
        toMs: snapshot.timeTo,
        timeZone: snapshot.timeZone,
        query: snapshot.queryString,
        message: snapshot.message,
        dark: snapshot.darkTheme,
        panels,
      });
      context.signal.throwIfAborted();
      const key = imageKeyOf(snapshot);
      await deps.blobs.put(key, png);
      await snapshotRepository.rendered(db, snapshot.id, key, clock.now());
      await context.progress(0.8);
      const results = await deps.notify({
        accountId: snapshot.accountId,
        sourceKey: deliverySourceKey(snapshot.id),
        message: messageOf(snapshot, png, clock.now()),
        emails: snapshot.emails,
        endpointIds: snapshot.endpointIds,
        slackWebhookUrls: snapshot.slackWebhookUrls,
        signal: context.signal,
      });
      const failed = results.filter((result) => !result.outcome.delivered);
      if (failed.length > 0) {
        // Those who got it are not sent it again: the next attempt serves only these.
        const why = failed.map((result) => `${result.channel} ${result.target}: ${result.outcome.error ?? 'failed'}`).join('; ');
        throw new Error(`The image was rendered but not delivered to ${why}`);
      }
      await snapshotRepository.finish(db, snapshot.id, 'SUCCESS', null, clock.now());
    },
    async failed(snapshotId, reason) {
      await snapshotRepository.finish(db, snapshotId, 'FAILED', reason, clock.now());
    },
  };
}
