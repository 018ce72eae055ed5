/**
 * The statements of a page of hits. `branches` are the WHERE conditions of disjoint row sets whose union is the
 * match (one, or plain and other rows apart when a text test on `message` would otherwise read `message` for
 * every row, decision 0127); each branch is sorted and limited on its own, then the union once more.
 */
import { sqlNumber } from '../../sql-literals.js';
import { isTimestampKey, orderBySql, withinTimestampBoundSql, type SortKey } from './sort-sql.js';

export interface HitsQuery {
  readonly table: string;
  readonly keys: readonly SortKey[];
  readonly branches: readonly string[];
  /** Columns of a hit; `ts` is added for the union's own ORDER BY. */
  readonly select: string;
  readonly size: number;
  readonly offset: number;
}

const isTimestampLed = (keys: readonly SortKey[]): boolean => keys[0] !== undefined && isTimestampKey(keys[0]);

/**
 * When the sort leads with `@timestamp`: the timestamp of the page's last row, found reading in primary-key
 * order with `ORDER BY ts` alone (the `id` tie-breaker would force a full sort of every match). The page then
 * sorts only the rows at or beyond it. Null when the sort does not lead with the timestamp.
 */
export function timestampBoundSql(query: HitsQuery): string | null {
  if (!isTimestampLed(query.keys)) return null;
  const order = query.keys[0]?.descending === false ? 'ASC' : 'DESC';
  const rowsBefore = query.offset + query.size - 1;
  const branch = (where: string, limit: string) =>
    `SELECT toUnixTimestamp64Milli(ts) AS __bound FROM ${query.table} WHERE ${where} ORDER BY ts ${order} ${limit}`;
  const [only] = query.branches;
  if (query.branches.length === 1 && only !== undefined) return branch(only, `LIMIT 1 OFFSET ${sqlNumber(rowsBefore)}`);
  const union = query.branches.map((where) => `(${branch(where, `LIMIT ${sqlNumber(rowsBefore + 1)}`)})`).join(' UNION ALL ');
  return `SELECT __bound FROM (${union}) ORDER BY __bound ${order} LIMIT 1 OFFSET ${sqlNumber(rowsBefore)}`;
}

export function hitsSql(query: HitsQuery, boundMs: number | null): string {
  const bound = boundMs === null ? [] : [withinTimestampBoundSql(query.keys, boundMs)];
  const page = `LIMIT ${sqlNumber(query.size)} OFFSET ${sqlNumber(query.offset)}`;
  const [only] = query.branches;
  if (query.branches.length === 1 && only !== undefined) {
    return `SELECT ${query.select} FROM ${query.table} WHERE ${[only, ...bound].join(' AND ')} ORDER BY ${orderBySql(query.keys)} ${page}`;
  }
  const union = query.branches
    .map(
      (where) =>
        `(SELECT ts, ${query.select} FROM ${query.table} WHERE ${[where, ...bound].join(' AND ')} ORDER BY ${orderBySql(query.keys)} LIMIT ${sqlNumber(query.offset + query.size)})`,
    )
    .join(' UNION ALL ');
  return `SELECT * FROM (${union}) ORDER BY ${orderBySql(query.keys)} ${page}`;
}
