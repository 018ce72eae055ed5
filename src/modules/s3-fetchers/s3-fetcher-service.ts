import type { Clock } from '../../shared/clock.js';
import { newInt32Id } from '../../shared/ids.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { S3Fetcher } from './s3-fetcher.js';
import { s3FetcherErrors } from './s3-fetcher-errors.js';
import { s3FetcherRepository } from './s3-fetcher-repository.js';
import type { S3FetcherRequest } from './s3-fetcher-wire.js';

/** Seals the keys (the notification endpoints' secret box, decision 0200). */
export interface KeySealer {
  seal(plaintext: string): string;
}

export interface S3FetcherServiceDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
  readonly sealer: KeySealer;
  /** Refuses (400 naming the field) an endpoint that is or resolves to an internal address (decision 0350). */
  readonly assertAllowedUrl: (url: string, field: string) => Promise<void>;
}

export type S3FetcherService = ReturnType<typeof createS3FetcherService>;

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

export function createS3FetcherService(deps: S3FetcherServiceDeps) {
  const { db, clock } = deps;

  async function require(accountId: number, id: number): Promise<S3Fetcher> {
    const found = await s3FetcherRepository.get(db, accountId, id);
    if (found === undefined) throw s3FetcherErrors.notFound(id);
    return found;
  }

  /** The settings of a request, checked as the Go client checks them; `previous` keeps keys an update leaves out. */
  async function settingsOf(request: S3FetcherRequest, previous: S3Fetcher | undefined) {
    if (!BUCKET_NAME.test(request.bucket)) {
      throw s3FetcherErrors.invalid('body.bucket', 'format', 'must be an S3 bucket name (3-63 lower-case letters, digits, dots, hyphens)');
    }
    const accessKey = request.accessKey ?? '';
    const secretKey = request.secretKey ?? '';
    if ((accessKey === '') !== (secretKey === '')) {
      throw s3FetcherErrors.invalid(accessKey === '' ? 'body.accessKey' : 'body.secretKey', 'paired', 'must be set together with its pair');
    }
    const arn = request.arn === undefined || request.arn === '' ? undefined : request.arn;
    const keepKeys = accessKey === '' && arn === undefined && previous?.sealedKeys !== undefined;
    if (accessKey === '' && arn === undefined && !keepKeys) {
      throw s3FetcherErrors.invalid('body.accessKey', 'required', 'and secretKey, or arn, must be set');
    }
    let endpoint: string | undefined;
    if (request.endpoint !== undefined && request.endpoint !== '') {
      let parsed: URL;
      try {
        parsed = new URL(request.endpoint);
      } catch {
        throw s3FetcherErrors.invalid('body.endpoint', 'format', 'must be an http or https URL');
      }
      if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.username !== '' || parsed.password !== '') {
        throw s3FetcherErrors.invalid('body.endpoint', 'format', 'must be an http or https URL without credentials');
      }
      await deps.assertAllowedUrl(request.endpoint, 'body.endpoint');
      endpoint = request.endpoint;
    }
    return {
      bucket: request.bucket,
      prefix: request.prefix ?? '',
      region: request.region,
      logsType: request.logsType,
      active: request.active,
      addS3ObjectKeyAsLogField: request.addS3ObjectKeyAsLogField ?? false,
      arn,
      sealedKeys: keepKeys
        ? previous?.sealedKeys
        : accessKey === ''
          ? undefined
          : deps.sealer.seal(JSON.stringify({ accessKey, secretKey })),
      accessKeyHint: keepKeys ? previous?.accessKeyHint : accessKey === '' ? undefined : accessKey.slice(-4),
      endpoint,
    };
  }

  return {
    async create(accountId: number, request: S3FetcherRequest): Promise<S3Fetcher> {
      const now = clock.now();
      const fetcher: S3Fetcher = {
        id: newInt32Id(),
        accountId,
        ...(await settingsOf(request, undefined)),
        status: { lastFetchAt: undefined, lastError: undefined, lastErrorAt: undefined, objectsRead: 0, logsRead: 0 },
        createdAt: now,
        updatedAt: now,
      };
      await s3FetcherRepository.insert(db, fetcher);
      return fetcher;
    },

    list(accountId: number): Promise<S3Fetcher[]> {
      return s3FetcherRepository.list(db, accountId);
    },

    get: require,

    /**
     * Replaces the settings; keys left out are kept (the client never reads them back to resend). What was read
     * stays read (keys are whole object keys, so a new prefix needs nothing) unless the bucket or server changed.
     */
    async update(accountId: number, id: number, request: S3FetcherRequest): Promise<S3Fetcher> {
      const existing = await require(accountId, id);
      const updated: S3Fetcher = { ...existing, ...(await settingsOf(request, existing)), updatedAt: clock.now() };
      if (!(await s3FetcherRepository.update(db, updated))) throw s3FetcherErrors.notFound(id);
      if (updated.bucket !== existing.bucket || updated.endpoint !== existing.endpoint) await s3FetcherRepository.forgetObjects(db, id);
      return require(accountId, id);
    },

    async delete(accountId: number, id: number): Promise<void> {
      if (!(await s3FetcherRepository.delete(db, accountId, id))) throw s3FetcherErrors.notFound(id);
    },
  };
}
