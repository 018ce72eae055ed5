import type { Clock } from '../shared/clock.js';
import type { LogDocument } from '../storage/log-store.js';
import type { Batcher } from './batcher.js';
import type { DailyQuota } from './daily-quota.js';
import { normaliseLog, type RawLog } from './normalise/normalise-log.js';
import type { IngestAccount } from './shipping-accounts.js';

export interface IngestPipelineDeps {
  readonly quota: DailyQuota;
  readonly batcher: Batcher;
  readonly clock: Clock;
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

/** The path of a log after decoding: normalise → daily cap → batch → durable in the store. */
export function createIngestPipeline(deps: IngestPipelineDeps) {
  return {
    /**
     * Stores the logs of one request for one account and resolves once they are durable, with the stored
     * documents (their ids answer Elasticsearch clients). Throws `resource_exhausted` over the daily cap and
     * `unavailable` when the store is behind; in both cases nothing of the request is stored.
     */
    async ingest(account: IngestAccount, incoming: readonly IncomingLog[]): Promise<LogDocument[]> {
      if (incoming.length === 0) return [];
      const receivedAtMs = deps.clock.now();
      const documents = incoming.map(({ log, defaultType, indexType }) =>
        normaliseLog(log, { accountId: account.accountId, docSizeSetting: account.docSizeSetting, defaultType, indexType, receivedAtMs }),
      );
      let bytes = 0;
      for (const document of documents) bytes += document.sizeBytes;
      const admission = await deps.quota.admit(account, bytes);
      try {
        await deps.batcher.submit(documents, account);
      } catch (error) {
        admission.release();
        throw error;
      }
      admission.commit();
      return documents;
    },
  };
}
