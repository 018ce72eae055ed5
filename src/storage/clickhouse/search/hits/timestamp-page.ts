/**
 * A page of hits sorted by `@timestamp` alone (the usual log view), in cheap statements instead of one that reads
 * every column of every candidate (decision 0128):
 * 1. the keys (`ts`, `id`) at the page's positions, one before and one after, read in primary-key order: the text
 *    index answers word tests without reading `message`, and no other column is read;
 * 2. only when a timestamp at an edge of the page continues beyond it: that timestamp's ids in id order (the
 *    hidden `id` tie-breaker makes pages exact and stable), and for the first edge how many matches come before;
 * 3. the rows of the page, fetched by timestamp and id (primary-key ranges), in the page's order.
 * Which timestamps sit at which positions does not depend on ties; only which ids do, and only at the edges.
 * Before all of these, where the match is likely dense in the newest rows, one statement reads those rows and tests
 * each (windowPage, decision 0189).
 */
import { sqlNumber, sqlStoredTimestamp, sqlString } from '../../sql-literals.js';
import type { QuerySettings } from '../../transport.js';

export interface TimestampPageQuery {
  readonly table: string;
  readonly descending: boolean;
  /** WHERE conditions of disjoint row sets whose union is the match (see hits-sql.ts). */
  readonly branches: readonly string[];
  /** Scope conjunction: the fetch by key repeats it, so a key can never reach another account's row. */
  readonly scope: string;
  /** Columns of a hit. */
  readonly select: string;
  readonly size: number;
  readonly offset: number;
  /**
   * Read the page's rows in the same statement that finds them: cheaper when testing a row costs little beside
   * reading it (no text test on `message`), and valid with a single branch. Ties across an edge of the page then
   * fall back to the steps above.
   */
  readonly direct: boolean;
  /**
   * Read the newest (or oldest) rows of `within` (the scope and the query's time ranges), `rows` of them, each tested
   * by `test` (with `within`, the match), before anything else: the page when the match is dense there (decision
   * 0189). Null to skip.
   */
  readonly window: PageWindow | null;
}

export interface PageWindow {
  readonly within: string;
  readonly test: string;
  readonly rows: number;
}

interface PageKey {
  readonly t: number;
  readonly id: string;
}

type Row = Record<string, unknown>;
type Run = (sql: string, settings?: QuerySettings) => Promise<Row[]>;

/**
 * A page's rows sit in a few dozen scattered granules: read them on every core, not on one as the engine does below
 * ~160k rows (the fetch takes ~40 % less time). Not for scans: there the smaller tasks cost more than they bring.
 */
const SCATTERED_ROWS: QuerySettings = { merge_tree_min_rows_for_concurrent_read: 1024, merge_tree_min_bytes_for_concurrent_read: 1 };

const toKeys = (rows: readonly Row[]): PageKey[] => rows.map((row) => ({ t: Number(row.t), id: String(row.id) }));
// Ids order as the engine orders them: by their bytes.
const byId = (a: PageKey, b: PageKey): number => Buffer.compare(Buffer.from(a.id), Buffer.from(b.id));

/** Keys of the match (every branch, plus `extra`) in `order`, `limit` of them after skipping `skip`. */
function keysSql(query: TimestampPageQuery, extra: string, order: string, limit: number, skip: number): string {
  const page = `LIMIT ${sqlNumber(limit)}${skip > 0 ? ` OFFSET ${sqlNumber(skip)}` : ''}`;
  const branch = (where: string, tail: string) =>
    `SELECT toUnixTimestamp64Milli(ts) AS t, id FROM ${query.table} WHERE ${where}${extra} ORDER BY ${order} ${tail}`;
  const [only] = query.branches;
  if (query.branches.length === 1 && only !== undefined) return branch(only, page);
  const union = query.branches.map((where) => `(${branch(where, `LIMIT ${sqlNumber(skip + limit)}`)})`).join(' UNION ALL ');
  return `SELECT t, id FROM (${union}) ORDER BY ${order.replace('ts', 't')} ${page}`;
}

function countBeforeSql(query: TimestampPageQuery, t: number): string {
  const before = ` AND ts ${query.descending ? '>' : '<'} ${sqlStoredTimestamp(t)}`;
  return `SELECT ${query.branches.map((where) => `(SELECT count() FROM ${query.table} WHERE ${where}${before})`).join(' + ')} AS n`;
}

/** The keys at positions [offset, offset + size) in (timestamp, id) order. */
async function pageKeys(query: TimestampPageQuery, run: Run): Promise<PageKey[]> {
  const direction = query.descending ? 'DESC' : 'ASC';
  const lead = query.offset > 0 ? 1 : 0;
  const window = toKeys(await run(keysSql(query, '', `ts ${direction}`, lead + query.size + 1, query.offset - lead)));
  const page = window.slice(lead, lead + query.size);
  const first = page[0];
  const last = page[page.length - 1];
  if (first === undefined || last === undefined) return [];
  const startTie = lead === 1 && window[0]?.t === first.t;
  const endTie = window.length > lead + query.size && window[lead + query.size]?.t === last.t;
  const keys: PageKey[] = [];
  for (let i0 = 0; i0 < page.length;) {
    const t = page[i0]?.t;
    let i1 = i0;
    while (i1 < page.length && page[i1]?.t === t) i1 += 1;
    const group = page.slice(i0, i1);
    if (t === undefined || !((i0 === 0 && startTie) || (i1 === page.length && endTie))) {
      keys.push(...group.sort(byId));
    } else {
      // The group runs past an edge: its members hold positions [before, before + n) in id order.
      const before = i0 === 0 && startTie ? Number((await run(countBeforeSql(query, t)))[0]?.n ?? 0) : query.offset + i0;
      // Logs arriving between the statements can shift positions: never slice from before the group.
      const from = Math.max(0, query.offset + i0 - before);
      const ids = toKeys(await run(keysSql(query, ` AND ts = ${sqlStoredTimestamp(t)}`, 'id ASC', query.offset + i1 - before, 0)));
      keys.push(...ids.sort(byId).slice(from));
    }
    i0 = i1;
  }
  return keys;
}

/**
 * The rows at positions [offset - 1, offset + size] in one statement; the page when no timestamp continues past
 * either edge (then every tie is inside the page and sorts by id here), else null.
 */
async function directPage(query: TimestampPageQuery, run: Run): Promise<Row[] | null> {
  const [only] = query.branches;
  if (only === undefined || query.branches.length !== 1) return null;
  const lead = query.offset > 0 ? 1 : 0;
  const rows = await run(
    `SELECT ${query.select}, toUnixTimestamp64Milli(ts) AS __t FROM ${query.table} WHERE ${only}` +
      ` ORDER BY ts ${query.descending ? 'DESC' : 'ASC'} LIMIT ${sqlNumber(lead + query.size + 1)}${query.offset > 0 ? ` OFFSET ${sqlNumber(query.offset - 1)}` : ''}`,
  );
  const page = rows.slice(lead, lead + query.size);
  const first = page[0];
  const last = page[page.length - 1];
  if (first === undefined || last === undefined) return [];
  if (lead === 1 && rows[0]?.__t === first.__t) return null;
  if (rows.length > lead + query.size && rows[lead + query.size]?.__t === last.__t) return null;
  const keyOf = (row: Row): PageKey => ({ t: Number(row.__t), id: String(row.id) });
  return page
    .map((row) => ({ row, key: keyOf(row) }))
    .sort((a, b) => (a.key.t !== b.key.t ? (query.descending ? b.key.t - a.key.t : a.key.t - b.key.t) : byId(a.key, b.key)))
    .map(({ row }) => row);
}

/**
 * The page from the first rows of `within` in timestamp order, every one of them tested in the statement that reads
 * it: no index read, no test of the rows beyond. Every match stamped before the window's last timestamp is among
 * them (that timestamp's rows may continue past the window); null when those are too few to hold the page, unless
 * the window holds all of `within`.
 */
async function windowPage(query: TimestampPageQuery, window: PageWindow, run: Run): Promise<Row[] | null> {
  const rows = await run(
    `SELECT ${query.select}, toUnixTimestamp64Milli(ts) AS __t, toUInt8(${window.test}) AS __m FROM ${query.table} WHERE ${window.within}` +
      ` ORDER BY ts ${query.descending ? 'DESC' : 'ASC'} LIMIT ${sqlNumber(window.rows)}`,
  );
  const edge = rows.length < window.rows ? null : Number(rows[rows.length - 1]?.__t);
  const keyed = rows
    .filter((row) => Number(row.__m) === 1 && Number(row.__t) !== edge)
    .map((row) => ({ row, key: { t: Number(row.__t), id: String(row.id) } }));
  if (edge !== null && keyed.length < query.offset + query.size) return null;
  return keyed
    .sort((a, b) => (a.key.t !== b.key.t ? (query.descending ? b.key.t - a.key.t : a.key.t - b.key.t) : byId(a.key, b.key)))
    .slice(query.offset, query.offset + query.size)
    .map(({ row }) => row);
}

/** The hits of the page, in order; `run` executes one statement. */
export async function timestampPage(query: TimestampPageQuery, run: Run): Promise<Row[]> {
  if (query.size === 0) return [];
  if (query.window !== null) {
    const rows = await windowPage(query, query.window, run);
    if (rows !== null) return rows;
  }
  if (query.direct) {
    const rows = await directPage(query, run);
    if (rows !== null) return rows;
  }
  const page = await pageKeys(query, run);
  if (page.length === 0) return [];
  const times = [...new Set(page.map((key) => key.t))].map(sqlStoredTimestamp).join(', ');
  const ids = page.map((key) => sqlString(key.id)).join(', ');
  const rows = await run(
    `SELECT ${query.select} FROM ${query.table} WHERE ${query.scope} AND ts IN (${times}) AND id IN (${ids}) LIMIT ${sqlNumber(page.length)}`,
    SCATTERED_ROWS,
  );
  const rowsById = new Map(rows.map((row) => [String(row.id), row]));
  return page.flatMap((key) => {
    const row = rowsById.get(key.id);
    return row === undefined ? [] : [row];
  });
}
