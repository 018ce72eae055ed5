/**
 * Logs of a message and a `zone` field written straight into the engine's `logs` table, and the search executor
 * over them with a store's own word caches: for tests of the statements a field-less search sends.
 */
import type { CatalogField } from '../../src/storage/log-store.js';
import { createAbsentTokenState } from '../../src/storage/clickhouse/search/absent-tokens.js';
import { queryHelpers } from '../../src/storage/clickhouse/search/compile/query-helpers.js';
import { createSearchExecutor } from '../../src/storage/clickhouse/search/search-executor.js';
import type { ClickHouseTransport } from '../../src/storage/clickhouse/transport.js';

/** The instant the first log is written after (each next one `stepMs` later). */
export const ZONE_LOGS_FROM = Date.UTC(2026, 10, 20);

const plainText = (name: string): CatalogField => ({ name, type: 'text', conflictingTypes: [], inArrays: false, plainText: true });

/** A search executor over `transport` (a recording one, say) whose accounts hold `message` and `zone`. */
export function zoneLogSearch(
  transport: ClickHouseTransport,
  absentTokens = createAbsentTokenState(),
): ReturnType<typeof createSearchExecutor> {
  const catalog = [plainText('message'), plainText('zone')];
  return createSearchExecutor({
    transport,
    table: 'logs',
    readCatalog: async (ids) => new Map(ids.map((id) => [id, catalog])),
    helpers: queryHelpers,
    absentTokens,
  });
}

/** Writes logs into an account, ids `l1`, `l2`… in the order written, `stepMs` apart, each insert a part of its own. */
export function zoneLogWriter(
  transport: ClickHouseTransport,
  stepMs: number,
): (account: number, rows: readonly { readonly message: string; readonly zone?: string }[]) => Promise<void> {
  let written = 0;
  return async (account, rows) => {
    const lines = rows.map((row) => {
      written += 1;
      return JSON.stringify({
        account,
        ts: new Date(ZONE_LOGS_FROM + written * stepMs).toISOString().replace('T', ' ').replace('Z', ''),
        id: `l${written}`,
        type: 'app',
        message: row.message,
        message_plain: 1,
        fields_plain: 1,
        retention_days: 30,
        str: row.zone === undefined ? {} : { zone: row.zone },
        source: JSON.stringify(row),
      });
    });
    await transport.insertJsonEachRow('logs', Buffer.from(lines.join('\n')));
  };
}
