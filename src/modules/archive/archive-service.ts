import type { Clock } from '../../shared/clock.js';
import { newInt32Id } from '../../shared/ids.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { HOUR_MS, type ArchiveDestination, type ArchiveSettings, type Restore } from './archive.js';
import { archiveErrors } from './archive-errors.js';
import { archiveRepository } from './archive-repository.js';
import type { ArchiveSettingsRequest, ArchiveTestRequest, RestoreRequest } from './archive-wire.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';

/** Seals the keys (the notification endpoints' secret box, decision 0200). */
export interface KeySealer {
  seal(plaintext: string): string;
}

export interface RestoreLimits {
  /** Longest time range one restore may cover (decision 0704). */
  readonly maxRangeMs: number;
  /** Restored accounts an account may hold at once (ACTIVE or IN_PROGRESS). */
  readonly maxActiveRestores: number;
}

export interface ArchiveServiceDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
  readonly sealer: KeySealer;
  /** Refuses (400 naming the field) an endpoint that is or resolves to an internal address (decision 0350). */
  readonly assertAllowedUrl: (url: string, field: string) => Promise<void>;
  /** Opens the archive's store (a bucket through guarded agents, or a directory under the archive root). */
  readonly openDestination: (settings: Pick<ArchiveSettings, 'destination' | 'sealedKeys'>) => Promise<BlobStore>;
  readonly limits: RestoreLimits;
  /** Queues the tracked task that runs a restore (decision 0671). */
  readonly queueRestore: (accountId: number, restoreId: number) => Promise<void>;
  /** Deletes the restored account through the account-deletion path (its logs go with it). */
  readonly deleteRestoredAccount: (restore: Restore) => Promise<void>;
  /** The account's archive was made, changed or deleted: this process's listener keeps dropped logs or not at once. */
  readonly changed?: (accountId: number) => void;
}

export type ArchiveService = ReturnType<typeof createArchiveService>;

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** A path inside a bucket or under the archive root: plain segments, never `.`/`..`, never absolute (decision 0703). */
const SEGMENTS = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}(?:\/[A-Za-z0-9][A-Za-z0-9._-]{0,127})*$/;
const REGION = /^[a-z]{2}(?:-[a-z]+)+-\d$/;
const PROBE_KEY = 'logward-archive-test/probe.txt';

function describe(error: unknown): string {
  const text = error instanceof Error ? (error.name === 'Error' ? error.message : `${error.name}: ${error.message}`) : String(error);
  return text.slice(0, 500);
}

/** Request times are epoch seconds as Logz.io sends them; values that can only be milliseconds are taken as such. */
const toMs = (time: number): number => Math.round(time >= 1e11 ? time : time * 1000);

export function createArchiveService(deps: ArchiveServiceDeps) {
  const { db, clock } = deps;

  async function require(accountId: number, id: number): Promise<ArchiveSettings> {
    const found = await archiveRepository.get(db, accountId, id);
    if (found === undefined) throw archiveErrors.notFound(id);
    return found;
  }

  /** The destination and keys of a request, checked; `previous` keeps keys an update leaves out. */
  async function settingsOf(request: ArchiveSettingsRequest, previous: ArchiveSettings | undefined) {
    let destination: ArchiveDestination;
    let sealedKeys: string | undefined;
    let accessKeyHint: string | undefined;
    if (request.storageType === 'BLOB') {
      throw archiveErrors.invalid(
        'body.storageType',
        'supported',
        'BLOB (Azure Blob Storage) is not supported by Logward: use S3 or DIRECTORY',
      );
    }
    if (request.storageType === 'DIRECTORY') {
      const directory = request.directoryStorageSettings;
      if (directory === undefined || directory === null) {
        throw archiveErrors.invalid('body.directoryStorageSettings', 'required', 'must be set for storage type DIRECTORY');
      }
      if (!SEGMENTS.test(directory.path)) {
        throw archiveErrors.invalid(
          'body.directoryStorageSettings.path',
          'format',
          'must be a relative path of plain names (letters, digits, ".", "_", "-") under the archive root',
        );
      }
      destination = { kind: 'DIRECTORY', path: directory.path };
    } else {
      const s3 = request.amazonS3StorageSettings;
      if (s3 === undefined || s3 === null)
        throw archiveErrors.invalid('body.amazonS3StorageSettings', 'required', 'must be set for storage type S3');
      const [bucket = '', ...rest] = s3.path.replace(/\/+$/, '').split('/');
      if (!BUCKET_NAME.test(bucket)) {
        throw archiveErrors.invalid(
          'body.amazonS3StorageSettings.path',
          'format',
          'must start with an S3 bucket name (3-63 lower-case letters, digits, dots, hyphens)',
        );
      }
      const prefixPath = rest.join('/');
      if (prefixPath !== '' && !SEGMENTS.test(prefixPath)) {
        throw archiveErrors.invalid(
          'body.amazonS3StorageSettings.path',
          'format',
          'the path after the bucket must be plain names separated by "/"',
        );
      }
      const region = s3.region ?? 'us-east-1';
      if (!REGION.test(region))
        throw archiveErrors.invalid('body.amazonS3StorageSettings.region', 'format', 'must be an AWS region name (us-east-1)');
      let endpoint: string | undefined;
      if (s3.endpoint !== undefined && s3.endpoint !== '') {
        let parsed: URL;
        try {
          parsed = new URL(s3.endpoint);
        } catch {
          throw archiveErrors.invalid('body.amazonS3StorageSettings.endpoint', 'format', 'must be an http or https URL');
        }
        if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.username !== '' || parsed.password !== '') {
          throw archiveErrors.invalid(
            'body.amazonS3StorageSettings.endpoint',
            'format',
            'must be an http or https URL without credentials',
          );
        }
        await deps.assertAllowedUrl(s3.endpoint, 'body.amazonS3StorageSettings.endpoint');
        endpoint = s3.endpoint;
      }
      let arn: string | undefined;
      let externalId: string | undefined;
      if (s3.credentialsType === 'KEYS') {
        const keys = s3.s3SecretCredentials ?? undefined;
        if (keys === undefined || keys.accessKey === '' || keys.secretKey === '') {
          const keep = previous?.sealedKeys !== undefined && keys === undefined;
          if (!keep) {
            throw archiveErrors.invalid(
              'body.amazonS3StorageSettings.s3SecretCredentials',
              'required',
              'accessKey and secretKey must be set for credentials type KEYS',
            );
          }
          sealedKeys = previous?.sealedKeys;
          accessKeyHint = previous?.accessKeyHint;
        } else {
          sealedKeys = deps.sealer.seal(JSON.stringify({ accessKey: keys.accessKey, secretKey: keys.secretKey }));
          accessKeyHint = keys.accessKey.slice(-4);
        }
      } else {
        const iam = s3.s3IamCredentials ?? undefined;
        if (iam === undefined || iam.arn === '') {
          throw archiveErrors.invalid(
            'body.amazonS3StorageSettings.s3IamCredentials',
            'required',
            'arn must be set for credentials type IAM',
          );
        }
        arn = iam.arn;
        externalId = iam.externalId;
      }
      destination = {
        kind: 'S3',
        credentialsType: s3.credentialsType,
        path: s3.path,
        bucket,
        prefix: prefixPath === '' ? '' : `${prefixPath}/`,
        region,
        endpoint,
        arn,
        externalId,
      };
    }
    return { enabled: request.enabled ?? true, compressed: request.compressed ?? true, destination, sealedKeys, accessKeyHint };
  }

  /** Writes, reads back and deletes a probe object: what archiving and restoring need of the destination. */
  async function probe(settings: Pick<ArchiveSettings, 'destination' | 'sealedKeys'>): Promise<void> {
    if (settings.destination.kind === 'S3' && settings.sealedKeys === undefined) {
      throw archiveErrors.testFailed('Logward writes to S3 with access keys only (credentials type KEYS); IAM roles are not supported');
    }
    let store: BlobStore | undefined;
    try {
      store = await deps.openDestination(settings);
      const body = new TextEncoder().encode(`logward archive test ${clock.now()}\n`);
      await store.put(PROBE_KEY, body);
      const read = await store.get(PROBE_KEY);
      if (read === undefined || read.byteLength !== body.byteLength) throw new Error('the probe object written could not be read back');
      await store.delete(PROBE_KEY);
    } catch (error) {
      throw archiveErrors.testFailed(describe(error));
    } finally {
      await store?.close();
    }
  }

  async function requireRestore(accountId: number, id: number): Promise<Restore> {
    const found = await archiveRepository.getRestore(db, id);
    if (found?.accountId !== accountId) throw archiveErrors.restoreNotFound(id);
    return found;
  }

  return {
    /** One archive per account, as Logz.io allows; archiving starts with the hour it is created in (decision 0701). */
    async create(accountId: number, request: ArchiveSettingsRequest): Promise<ArchiveSettings> {
      const existing = await archiveRepository.list(db, accountId);
      if (existing[0] !== undefined) throw archiveErrors.alreadyConfigured(existing[0].id);
      const now = clock.now();
      const settings: ArchiveSettings = {
        id: newInt32Id(),
        accountId,
        ...(await settingsOf(request, undefined)),
        status: {
          archivedThroughMs: Math.floor(now / HOUR_MS) * HOUR_MS,
          lastArchivedAt: undefined,
          lastError: undefined,
          lastErrorAt: undefined,
        },
        createdAt: now,
        updatedAt: now,
      };
      await archiveRepository.insert(db, settings);
      deps.changed?.(accountId);
      return settings;
    },

    list: (accountId: number): Promise<ArchiveSettings[]> => archiveRepository.list(db, accountId),

    get: require,

    /** Replaces the settings (keys left out are kept); what was archived stays where it was written. */
    async update(accountId: number, id: number, request: ArchiveSettingsRequest): Promise<ArchiveSettings> {
      const existing = await require(accountId, id);
      const updated: ArchiveSettings = { ...existing, ...(await settingsOf(request, existing)), updatedAt: clock.now() };
      if (!(await archiveRepository.update(db, updated))) throw archiveErrors.notFound(id);
      deps.changed?.(accountId);
      return require(accountId, id);
    },

    /** Stops archiving; the objects written stay in the bucket or directory. */
    async delete(accountId: number, id: number): Promise<void> {
      if (!(await archiveRepository.delete(db, accountId, id))) throw archiveErrors.notFound(id);
      deps.changed?.(accountId);
    },

    async test(accountId: number, request: ArchiveTestRequest): Promise<void> {
      const inline =
        request.archiveSettings ?? (request.storageType === undefined ? undefined : { ...request, storageType: request.storageType });
      if (inline !== undefined) {
        const saved = request.id === undefined ? undefined : await require(accountId, request.id);
        await probe(await settingsOf(inline, saved));
        return;
      }
      if (request.id !== undefined) {
        await probe(await require(accountId, request.id));
        return;
      }
      const [saved] = await archiveRepository.list(db, accountId);
      if (saved === undefined)
        throw archiveErrors.invalid('body.archiveSettings', 'required', 'or id must be given (the account has no archive settings)');
      await probe(saved);
    },

    /**
     * Starts a restore of [startTime, endTime] from the account's archive into a new restored account (decision 0702);
     * the work runs as a tracked task.
     */
    async initiateRestore(accountId: number, request: RestoreRequest): Promise<Restore> {
      const startMs = toMs(request.startTime);
      const endMs = toMs(request.endTime);
      if (endMs <= startMs) throw archiveErrors.invalidRestore('body.endTime', 'order', 'must be after startTime');
      if (endMs - startMs > deps.limits.maxRangeMs) {
        throw archiveErrors.invalidRestore('body.endTime', 'range', `a restore covers at most ${deps.limits.maxRangeMs / HOUR_MS} hours`);
      }
      const accountName = request.accountName.trim();
      if (accountName === '') throw archiveErrors.invalidRestore('body.accountName', 'blank', 'must not be blank');
      const [archive] = await archiveRepository.list(db, accountId);
      if (archive === undefined) throw archiveErrors.noArchive();
      const restores = await archiveRepository.listRestores(db, accountId);
      const running = restores.find((restore) => restore.status === 'IN_PROGRESS');
      if (running !== undefined) throw archiveErrors.restoreInProgress(running.id);
      const live = restores.filter((restore) => restore.status === 'ACTIVE');
      if (live.length >= deps.limits.maxActiveRestores) throw archiveErrors.tooManyRestoredAccounts(deps.limits.maxActiveRestores);
      if (live.some((restore) => restore.accountName === accountName)) throw archiveErrors.nameTaken(accountName);
      const restore: Restore = {
        id: newInt32Id(),
        accountId,
        archiveId: archive.id,
        accountName,
        restoredAccountId: undefined,
        status: 'IN_PROGRESS',
        startMs,
        endMs,
        restoredBytes: 0,
        restoredLogs: 0,
        createdAt: clock.now(),
        startedAt: undefined,
        finishedAt: undefined,
        expiresAt: undefined,
        error: undefined,
        doneThroughKey: undefined,
      };
      await archiveRepository.insertRestore(db, restore);
      await deps.queueRestore(accountId, restore.id);
      return restore;
    },

    listRestores: (accountId: number): Promise<Restore[]> => archiveRepository.listRestores(db, accountId),

    getRestore: requireRestore,

    /**
     * Aborts a restore in progress (ABORTED) or deletes an active one's account (DELETED); either way the restored
     * account and its logs go through the account-deletion path. Deleting one already ended answers it as it is.
     */
    async deleteRestore(accountId: number, id: number): Promise<Restore> {
      const restore = await requireRestore(accountId, id);
      const now = clock.now();
      if (restore.status === 'IN_PROGRESS') {
        await archiveRepository.transition(db, id, ['IN_PROGRESS'], { status: 'ABORTED', finished_at: now, expires_at: null });
      } else if (restore.status === 'ACTIVE') {
        await archiveRepository.transition(db, id, ['ACTIVE'], { status: 'DELETED', expires_at: null });
      }
      const current = await requireRestore(accountId, id);
      if (current.restoredAccountId !== undefined && (current.status === 'ABORTED' || current.status === 'DELETED')) {
        await deps.deleteRestoredAccount(current);
        await archiveRepository.transition(db, id, [current.status], { restored_account_id: null });
      }
      return requireRestore(accountId, id);
    },
  };
}
