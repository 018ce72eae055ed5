import type { LogDocument } from '../../src/storage/log-store.js';
import type { TestApp } from './test-app.js';

/**
 * `count` varied logs of the main account an hour before `nowMs`, appended straight to the store in batches: enough
 * rows for a regexp search to run long enough to be watched or cancelled (engine metrics, Discover's cancel).
 */
export async function appendBulkLogs(t: TestApp, count: number, nowMs: number): Promise<void> {
  const bulk: LogDocument[] = Array.from({ length: count }, (_, i) => ({
    id: `bulk-${i}`,
    accountId: t.mainAccountId,
    timestampMs: nowMs - 3_600_000 - i * 10,
    receivedAtMs: nowMs,
    type: 'bulk',
    message: `bulk line ${i} user=${i % 977} path=/api/v${i % 5}/items/${i} took ${i % 1000} ms upstream=backend-${i % 13}`,
    fields: { host: `bulk-${i % 7}`, seq: i },
    sizeBytes: 120,
  }));
  for (let i = 0; i < bulk.length; i += 50_000)
    await t.app.logStore.append(bulk.slice(i, i + 50_000), { dedupToken: `bulk-${i}`, retentionDaysOf: () => 30 });
}
