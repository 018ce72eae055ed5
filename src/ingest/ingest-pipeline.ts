import { isAppError } from '../shared/app-error.js';
import { NO_INGEST_METRICS, type IngestMetrics } from './ingest-metrics.js';
import type { Clock } from '../shared/clock.js';
import type { EncodedLogs, LogWriter } from '../storage/log-store.js';
import type { Batcher } from './batcher.js';
import type { DailyQuota } from './daily-quota.js';
import { normaliseLog, type RawLog } from './normalise/normalise-log.js';
import type { IngestAccount } from './shipping-accounts.js';

export interface IngestPipelineDeps {
  readonly quota: DailyQuota;
  readonly batcher: Batcher;
  readonly store: Pick<LogWriter, 'openEncoder'>;
  readonly clock: Clock;
  readonly metrics?: IngestMetrics;
}

/** A decoded log and the type its transport names (query `type`, Elasticsearch index, syslog `[type=…]`). */
export interface IncomingLog {
  readonly log: RawLog;
  readonly defaultType: string | undefined;
  /**
   * An Elasticsearch `_bulk` index: the log's type even when the document has a `type` field of its own, which
   * then stays an ordinary field (ES clients address logs by index, decision 0184).
   */
  readonly indexType?: string;
}

export type IngestPipeline = ReturnType<typeof createIngestPipeline>;

interface Prepared {
  readonly logs: EncodedLogs;
  readonly ids: string[];
  readonly bytes: number;
}

/** The path of a log after decoding: normalise → encode → daily cap → batch → durable in the store. */
export function createIngestPipeline(deps: IngestPipelineDeps) {
  /**
   * Each log is normalised and encoded before the next is decoded: a parsed log lives only that long, and a
   * request waiting for its batch keeps the encoded bytes alone, which the collector does not scan (decision 0130).
   */
  async function prepare(account: IngestAccount, incoming: Iterable<IncomingLog>): Promise<Prepared> {
    const encoder = await deps.store.openEncoder([account.accountId], { retentionDaysOf: () => account.retentionDays });
    const receivedAtMs = deps.clock.now();
    const ids: string[] = [];
    let bytes = 0;
    for (const { log, defaultType, indexType } of incoming) {
      const document = normaliseLog(log, {
        accountId: account.accountId,
        docSizeSetting: account.docSizeSetting,
        defaultType,
        indexType,
        receivedAtMs,
      });
      encoder.add(document);
      ids.push(document.id);
      bytes += document.sizeBytes;
    }
    return { logs: encoder.finish(), ids, bytes };
  }

  return {
    /**
     * Stores the logs of one request for one account and resolves once they are durable, with the stored
     * logs' ids in order (they answer Elasticsearch clients). Throws `resource_exhausted` over the daily cap
     * and `unavailable` when the store is behind; in both cases nothing of the request is stored.
     */
    async ingest(account: IngestAccount, incoming: Iterable<IncomingLog>): Promise<string[]> {
      const { logs, ids, bytes } = await prepare(account, incoming);
      if (ids.length === 0) return [];
      const metrics = deps.metrics ?? NO_INGEST_METRICS;
      let admission;
      try {
        admission = await deps.quota.admit(account, bytes);
      } catch (error) {
        metrics.refused(isAppError(error) && error.code === 'resource_exhausted' ? 'daily-cap' : 'unavailable', ids.length);
        throw error;
      }
      try {
        await deps.batcher.submit(logs, bytes);
      } catch (error) {
        admission.release();
        metrics.refused('unavailable', ids.length);
        throw error;
      }
      admission.commit();
      metrics.accepted(ids.length, bytes);
      return ids;
    },
  };
}
