import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { BucketReader } from './s3-bucket-reader.js';
import type { S3Fetcher } from './s3-fetcher.js';
import { s3FetcherRepository } from './s3-fetcher-repository.js';
import { parseObject, UnreadableObject, type ParsedLog } from './s3-object-parser.js';

/** The field `addS3ObjectKeyAsLogField` adds to each log. */
export const OBJECT_KEY_FIELD = 's3_object_key';

export interface FetchCycleDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Opens the fetcher's bucket with its unsealed keys; throws when it may not be reached. */
  readonly openBucket: (fetcher: S3Fetcher) => BucketReader;
  /**
   * The listener's write path for one account (drop filters, daily cap, batching), all or nothing; resolves once
   * the logs are durable, false when the account is gone or disabled. Restated here: modules do not import ingest.
   */
  readonly ingest: (accountId: number, logsType: string, logs: readonly ParsedLog[]) => Promise<boolean>;
  /** An object decompressing past this is skipped and reported. */
  readonly maxObjectBytes: number;
  /** Objects read per fetcher per cycle; the rest wait for the next cycle. */
  readonly maxObjectsPerCycle: number;
}

export interface FetchCycleReport {
  readonly fetchers: number;
  readonly objects: number;
  readonly logs: number;
  readonly errors: number;
}

const MAX_ERROR_CHARS = 500;

function describe(error: unknown): string {
  const text = error instanceof Error ? (error.name === 'Error' ? error.message : `${error.name}: ${error.message}`) : String(error);
  return text.slice(0, MAX_ERROR_CHARS);
}

export type S3FetchCycle = ReturnType<typeof createS3FetchCycle>;

/**
 * One pass over every active fetcher: list the prefix, read each object not read before (or whose ETag changed) in
 * key order, ingest it whole, then record it (decision 0710). An object is recorded only once its logs are durable,
 * and a run stops between objects when aborted, so a restart neither loses nor repeats one. An unreadable object is
 * recorded as skipped and reported; a failed listing, read or ingest stops that fetcher's pass (retried next cycle)
 * and never the others'.
 */
export function createS3FetchCycle(deps: FetchCycleDeps) {
  const { db, clock, logger } = deps;

  async function fetchOne(fetcher: S3Fetcher, signal: AbortSignal): Promise<{ objects: number; logs: number; error: boolean }> {
    let objects = 0;
    let logs = 0;
    let lastError: string | undefined;
    let reader: BucketReader | undefined;
    try {
      if (fetcher.sealedKeys === undefined) {
        throw new Error('reading with an IAM role (arn) is not supported by Logward: give accessKey and secretKey');
      }
      reader = deps.openBucket(fetcher);
      const listed = await reader.list(fetcher.prefix, signal);
      const read = await s3FetcherRepository.readObjects(db, fetcher.id);
      const pending = listed.filter((object) => read.get(object.key) !== object.etag).slice(0, deps.maxObjectsPerCycle);
      for (const object of pending) {
        if (signal.aborted) break;
        if (object.sizeBytes > deps.maxObjectBytes) {
          lastError = `${object.key}: object is over ${deps.maxObjectBytes} bytes`;
          await s3FetcherRepository.recordObject(
            db,
            fetcher.id,
            { key: object.key, etag: object.etag, ingested: false, logs: 0 },
            clock.now(),
          );
          continue;
        }
        const bytes = await reader.get(object.key, signal);
        let parsed: ParsedLog[];
        try {
          parsed = parseObject(bytes, deps.maxObjectBytes);
        } catch (error) {
          if (!(error instanceof UnreadableObject)) throw error;
          lastError = `${object.key}: ${error.message}`;
          await s3FetcherRepository.recordObject(
            db,
            fetcher.id,
            { key: object.key, etag: object.etag, ingested: false, logs: 0 },
            clock.now(),
          );
          continue;
        }
        const withKey = fetcher.addS3ObjectKeyAsLogField
          ? parsed.map((log) => ({ fields: { ...log.fields, [OBJECT_KEY_FIELD]: object.key }, sizeBytes: log.sizeBytes }))
          : parsed;
        if (withKey.length > 0 && !(await deps.ingest(fetcher.accountId, fetcher.logsType, withKey))) {
          throw new Error('the account is disabled or deleted');
        }
        await s3FetcherRepository.recordObject(
          db,
          fetcher.id,
          { key: object.key, etag: object.etag, ingested: true, logs: withKey.length },
          clock.now(),
        );
        objects += 1;
        logs += withKey.length;
      }
    } catch (error) {
      if (signal.aborted) return { objects, logs, error: false };
      lastError = describe(error);
    } finally {
      reader?.close();
    }
    if (lastError !== undefined) logger.warn({ fetcher: fetcher.id, account: fetcher.accountId, error: lastError }, 'S3 fetcher error');
    await s3FetcherRepository.recordCycle(db, fetcher.id, clock.now(), lastError);
    return { objects, logs, error: lastError !== undefined };
  }

  return {
    async runCycle(signal: AbortSignal = new AbortController().signal): Promise<FetchCycleReport> {
      const fetchers = await s3FetcherRepository.listActive(db);
      let objects = 0;
      let logs = 0;
      let errors = 0;
      for (const fetcher of fetchers) {
        if (signal.aborted) break;
        const result = await fetchOne(fetcher, signal);
        objects += result.objects;
        logs += result.logs;
        if (result.error) errors += 1;
      }
      return { fetchers: fetchers.length, objects, logs, errors };
    },
  };
}
