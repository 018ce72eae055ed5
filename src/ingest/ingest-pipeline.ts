import { isAppError } from '../shared/app-error.js';
import { NO_INGEST_METRICS, type IngestMetrics } from './ingest-metrics.js';
import type { Clock } from '../shared/clock.js';
import type { EncodedLogs, LogWriter } from '../storage/log-store.js';
import type { Batcher } from './batcher.js';
import type { DailyQuota } from './daily-quota.js';
import { buildSource } from '../storage/build-source.js';
import type { DropFilterPort, DroppedLog, DroppedLogKeeper, IngestDropFilter } from './drop/drop-filter-port.js';
import { matchingDropFilter } from './drop/match-drop-filter.js';
import { normaliseLog, type RawLog } from './normalise/normalise-log.js';
import type { IngestAccount } from './shipping-accounts.js';

export interface IngestPipelineDeps {
  readonly quota: DailyQuota;
  readonly batcher: Batcher;
  readonly store: Pick<LogWriter, 'openEncoder'>;
  readonly clock: Clock;
  /** Drop filters of the accounts (none without it). */
  readonly dropFilters?: DropFilterPort;
  /** Keeps dropped logs for the accounts that archive them (none kept without it). */
  readonly droppedLogs?: DroppedLogKeeper;
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
  /** Logs encoded for the store (the ids of dropped logs are answered too: the sender sees them accepted). */
  readonly stored: number;
  readonly bytes: number;
  /** Dropped logs the account's archive keeps (empty unless it has one). */
  readonly dropped: readonly DroppedLog[];
}

/** The path of a log after decoding: normalise → encode → daily cap → batch → durable in the store. */
export function createIngestPipeline(deps: IngestPipelineDeps) {
  /**
   * Each log is normalised and encoded before the next is decoded: a parsed log lives only that long, and a
   * request waiting for its batch keeps the encoded bytes alone, which the collector does not scan (decision 0130).
   */
  async function prepare(account: IngestAccount, incoming: Iterable<IncomingLog>): Promise<Prepared> {
    const dropFilters: readonly IngestDropFilter[] = (await deps.dropFilters?.activeFor(account.accountId)) ?? [];
    const encoder = await deps.store.openEncoder([account.accountId], { retentionDaysOf: () => account.retentionDays });
    const keepDropped = dropFilters.length > 0 && (await deps.droppedLogs?.wants(account.accountId)) === true;
    const dropped: DroppedLog[] = [];
    const receivedAtMs = deps.clock.now();
    const ids: string[] = [];
    let stored = 0;
    let bytes = 0;
    for (const { log, defaultType, indexType } of incoming) {
      const document = normaliseLog(log, {
        accountId: account.accountId,
        docSizeSetting: account.docSizeSetting,
        defaultType,
        indexType,
        receivedAtMs,
      });
      ids.push(document.id);
      // A dropped log is neither stored nor counted against the daily cap (decision 0690).
      const filter = dropFilters.length === 0 ? undefined : matchingDropFilter(document, dropFilters);
      if (filter !== undefined && deps.dropFilters?.drops(filter, account.accountId, document.sizeBytes) === true) {
        if (keepDropped)
          dropped.push({ id: document.id, timestampMs: document.timestampMs, source: document.source ?? buildSource(document) });
        continue;
      }
      encoder.add(document);
      stored += 1;
      bytes += document.sizeBytes;
    }
    return { logs: encoder.finish(), ids, stored, bytes, dropped };
  }

  return {
    /**
     * Stores the logs of one request for one account and resolves once they are durable, with the stored
     * logs' ids in order (they answer Elasticsearch clients). Throws `resource_exhausted` over the daily cap
     * and `unavailable` when the store is behind; in both cases nothing of the request is stored. The dropped logs an
     * archive keeps are kept once the stored ones are durable (a refused request keeps none, so a retry adds none
     * twice), before the answer (decision 0705).
     */
    async ingest(account: IngestAccount, incoming: Iterable<IncomingLog>): Promise<string[]> {
      const { logs, ids, stored, bytes, dropped } = await prepare(account, incoming);
      const keepDropped = async () => {
        if (dropped.length > 0) await deps.droppedLogs?.keep(account.accountId, dropped);
      };
      if (stored === 0) {
        await keepDropped();
        return ids;
      }
      const metrics = deps.metrics ?? NO_INGEST_METRICS;
      let admission;
      try {
        admission = await deps.quota.admit(account, bytes);
      } catch (error) {
        metrics.refused(isAppError(error) && error.code === 'resource_exhausted' ? 'daily-cap' : 'unavailable', stored);
        throw error;
      }
      try {
        await deps.batcher.submit(logs, bytes);
      } catch (error) {
        admission.release();
        metrics.refused('unavailable', stored);
        throw error;
      }
      admission.commit();
      metrics.accepted(stored, bytes);
      await keepDropped();
      return ids;
    },
  };
}
