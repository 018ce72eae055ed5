import type { Clock } from '../../shared/clock.js';
import type { LogDocument, LogStore } from '../../storage/log-store.js';
import { ownLogId, type OwnLog } from './own-log.js';

export interface OwnLogWriterDeps {
  readonly logStore: Pick<LogStore, 'append'>;
  readonly clock: Clock;
  /** An account's retention in days, or undefined when the account is gone. */
  readonly retentionDaysOf: (accountId: number) => Promise<number | undefined>;
}

export type OwnLogWriter = ReturnType<typeof createOwnLogWriter>;

/**
 * The one writer of the logs the service writes itself (markers, alert events, security events): each stored with
 * its account's retention, under a time-led id, in one store insert per call. Logs of an account that is gone
 * are dropped: there is nobody left to read them.
 */
export function createOwnLogWriter(deps: OwnLogWriterDeps) {
  return {
    /** Stores the logs durably; the same `dedupToken` again (a retry) is stored once. */
    async append(logs: readonly OwnLog[], dedupToken: string): Promise<void> {
      const retention = new Map<number, number>();
      for (const accountId of new Set(logs.map((log) => log.accountId))) {
        const days = await deps.retentionDaysOf(accountId);
        if (days !== undefined) retention.set(accountId, days);
      }
      const receivedAtMs = deps.clock.now();
      const documents: LogDocument[] = logs
        .filter((log) => retention.has(log.accountId))
        .map((log) => ({
          id: ownLogId(log.timestampMs, log.idKey),
          accountId: log.accountId,
          timestampMs: log.timestampMs,
          receivedAtMs,
          type: log.type,
          message: log.message,
          fields: log.fields,
          sizeBytes: Buffer.byteLength(JSON.stringify(log.fields)),
        }));
      if (documents.length === 0) return;
      await deps.logStore.append(documents, { dedupToken, retentionDaysOf: (accountId) => retention.get(accountId) ?? 1 });
    },
  };
}
