/**
 * chDB in the process (chdb-notes "Recommended settings"): one data directory, one Session for
 * ingest and a few for queries on the same path, a semaphore in front of the query Sessions, only
 * the async API. Opening is synchronous (Session creation blocks), so it happens once at start.
 */
import fs from 'node:fs';
import { Session, drainPending } from 'chdb';
import { createSemaphore } from './semaphore.js';
import { settingsClause, sqlString } from './sql-literals.js';
import {
  MEMORY_TRACKING_SQL,
  memoryTrackingOf,
  querySettingsWith,
  StatementCancelledError,
  statementTag,
  type ClickHouseTransport,
  type QueryLimits,
  type QuerySettings,
  type StatementOptions,
} from './transport.js';
import { withoutLoneSurrogates } from './lone-surrogates.js';
import { untilKilled } from './statement-kill.js';

export interface ChdbTransportOptions {
  readonly path: string;
  /** `max_server_memory_usage`: the engine's whole budget; it also makes big GROUP BYs spill. */
  readonly memoryBytes: number;
  readonly querySessions: number;
  readonly limits: QueryLimits;
}

/**
 * The engine's share kept for decoded posting lists of the text indexes: a word in most logs is counted from them
 * again and again (the total of every search and refresh), and reading them back costs more than the count itself
 * (decision 0138). The engine's default is 2 GiB whatever its budget, and the cache is off unless a query asks.
 */
const POSTINGS_CACHE_SHARE = 1 / 16;

/**
 * Steps the engine may spend per part finding which marks a condition it cannot read as one key range (any OR:
 * a field-less word, `bool.should`) or a text index keeps; the rest is kept whole, read and tested row by row.
 * Unbounded, that search costs ~0.5 µs per mark of the scope in every such statement (3.6 ms at 5M logs in scope,
 * ~6 ms at 21K marks) to select marks the scope holds anyway (decision 0187).
 */
export const EXCLUSION_SEARCH_STEPS = 2048;

function withinMs<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export function openChdbTransport(options: ChdbTransportOptions): ClickHouseTransport {
  fs.mkdirSync(options.path, { recursive: true });
  const connectionArgs = [
    `--max_server_memory_usage=${Math.trunc(options.memoryBytes)}`,
    `--text_index_postings_cache_size=${Math.trunc(options.memoryBytes * POSTINGS_CACHE_SHARE)}`,
    '--use_text_index_postings_cache=1',
    `--merge_tree_generic_exclusion_search_max_steps=${EXCLUSION_SEARCH_STEPS}`,
  ];
  const ingest = new Session(options.path, { connectionArgs });
  const querySessions = Array.from({ length: options.querySessions }, () => new Session(options.path, { connectionArgs }));
  const idle = [...querySessions];
  // Kills cancelled statements and reads the engine's memory for /metrics (nothing else, so it is free when the query
  // Sessions are all busy): made on first use, so a process that never needs it never pays for opening it.
  let control: Session | undefined;
  const controlSession = (): Session => (control ??= new Session(options.path, { connectionArgs }));
  const killTagged = (tag: string): Promise<void> =>
    closed
      ? Promise.resolve()
      : track(
          controlSession()
            .queryAsync(`KILL QUERY WHERE Settings['log_comment'] = ${sqlString(tag)} ASYNC`)
            .then(() => undefined),
        );
  // One read at a time: a scrape that gave up on a slow read does not pile another behind it.
  let memoryRead: Promise<number> | undefined;
  const semaphore = createSemaphore(querySessions.length);
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;

  function track<T>(promise: Promise<T>): Promise<T> {
    if (closed) return Promise.reject(new Error('log store closed'));
    inFlight.add(promise);
    const forget = () => inFlight.delete(promise);
    promise.then(forget, forget);
    return promise;
  }

  // Each Session serializes its work, so a query takes a whole Session for itself.
  function onQuerySession<T>(task: (session: Session) => Promise<T>, signal?: AbortSignal): Promise<T> {
    return track(
      semaphore.run(async () => {
        const session = idle.pop();
        if (session === undefined) throw new Error('no idle chDB session under the semaphore');
        try {
          return await task(session);
        } finally {
          idle.push(session);
        }
      }, signal),
    );
  }

  return {
    shares: { memoryBytes: options.memoryBytes, slots: querySessions.length },
    exec(sql, settings) {
      return onQuerySession(async (session) => {
        await session.queryAsync(sql + settingsClause(settings ?? {}));
      });
    },
    insertJsonEachRow(table, rows, settings) {
      return track(
        ingest
          .insert({ table, values: withoutLoneSurrogates(rows), format: 'JSONEachRow', settings: { ...settings } })
          .then(() => undefined),
      );
    },
    query<Row>(sql: string, settings?: QuerySettings, statement?: StatementOptions) {
      const signal = statement?.signal;
      return onQuerySession(async (session) => {
        if (signal?.aborted === true) throw new StatementCancelledError();
        const tag = signal === undefined ? undefined : statementTag();
        const all = querySettingsWith(options.limits, tag === undefined ? settings : { ...settings, log_comment: tag });
        const running = session.queryAsync(sql + settingsClause(all), { format: 'JSONEachRow' });
        const result =
          signal === undefined || tag === undefined
            ? await running
            : await untilKilled(running, signal, () => killTagged(tag)).catch(async (error: unknown) => {
                // A killed statement's entry stays in system.processes (and its context in the engine) until the
                // Session runs another statement (chDB 3.4: seen for text-index dictionary reads, decision 0653):
                // a trivial one lets go of it before the Session serves anyone else.
                if (error instanceof StatementCancelledError) await session.queryAsync('SELECT 1').catch(() => undefined);
                throw error;
              });
        const text = result.text();
        const rows: Row[] = [];
        for (const line of text.split('\n')) if (line !== '') rows.push(JSON.parse(line) as Row);
        return rows;
      });
    },
    memoryTracking(timeoutMs) {
      memoryRead ??= (async () => {
        const result = await track(controlSession().queryAsync(MEMORY_TRACKING_SQL, { format: 'JSONEachRow' }));
        const rows = result
          .text()
          .split('\n')
          .filter((line) => line !== '');
        return memoryTrackingOf(rows.map((line) => JSON.parse(line) as { bytes?: unknown }));
      })().finally(() => (memoryRead = undefined));
      // chDB cannot abort a statement's wait: the read goes on, the caller stops waiting for it.
      return withinMs(memoryRead, timeoutMs);
    },
    async ping() {
      await onQuerySession((session) => session.queryAsync('SELECT 1'));
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([...inFlight]);
      ingest.close();
      for (const session of querySessions) session.close();
      control?.close();
      await drainPending();
    },
  };
}
