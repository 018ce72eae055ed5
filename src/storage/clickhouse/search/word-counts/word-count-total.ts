/**
 * The exact total of a one-word search from the word counts (decision 0197): the counted hours of the parts whose
 * counts are complete, plus one statement for the rest — the parts without counts, and the hours at the window's
 * edges that a counted hour does not hold whole. A word in most logs is otherwise counted row by row over millions
 * of rows, the whole cost of its search.
 */
import { sqlString, sqlTimestampMs, sqlUInt32 } from '../../sql-literals.js';
import type { QuerySettings } from '../../transport.js';
import type { Run } from '../statement-priority.js';
import type { CountedWord } from './counted-word.js';
import { mayShareRows } from './part-blocks.js';
import { activePartsFrom, partNameOfKey, stringsOf } from '../table-parts.js';
import { activePartKeysSql, COMPLETE_SQL, COUNTED_HOURS } from './word-count-rows.js';

const HOUR_MS = 3_600_000;

export interface WordCountTotalQuery {
  readonly logsTable: string;
  readonly countsTable: string;
  readonly counted: CountedWord;
  /** The scope's accounts, each from its own oldest visible `@timestamp`, and the window's end. */
  readonly accounts: readonly { readonly accountId: number; readonly fromMs: number }[];
  readonly toMs: number | null;
  /** The whole condition of a match (the scope and the query), as the search counts it. */
  readonly matched: string;
  readonly run: Run;
  readonly settings?: QuerySettings;
}

/**
 * An account's whole hours inside both the scope and the query's ranges: [firstHour, endHour) in epoch ms; `whole`
 * when they are the whole window (it starts and ends on the hour).
 */
interface Interior {
  readonly accountId: number;
  readonly firstHour: number;
  readonly endHour: number;
  readonly whole: boolean;
}

const seconds = (ms: number): string => String(Math.trunc(ms / 1000));

const hourSql = (ms: number): string => `toDateTime(${seconds(ms)}, 'UTC')`;

/** The counted hours of one account's interior, as SQL over the counts. */
function hoursSql(interior: Interior): string {
  return `(account = ${sqlUInt32(interior.accountId)} AND hour >= ${hourSql(interior.firstHour)} AND hour < ${hourSql(interior.endHour)})`;
}

/** One account's logs outside its interior, as SQL over the logs: ranges of the primary key. */
function outsideSql(interior: Interior): string {
  return `(account = ${sqlUInt32(interior.accountId)} AND (ts < ${sqlTimestampMs(interior.firstHour)} OR ts >= ${sqlTimestampMs(interior.endHour)}))`;
}

/**
 * The total, or null where the counts cannot answer: no whole hour in the window, no complete counts, or a part
 * read by the statement for the rest was made from a counted one meanwhile (a merge), whose rows would then be
 * counted twice. Null asks the caller to count the usual way.
 */
export async function wordCountTotal(query: WordCountTotalQuery): Promise<number | null> {
  const { counted, run } = query;
  const interiors: Interior[] = [];
  for (const account of query.accounts) {
    const fromMs = Math.max(account.fromMs, counted.fromMs);
    const toMs = Math.min(query.toMs ?? Infinity, counted.toMs);
    const firstHour = Math.max(COUNTED_HOURS.fromMs, Math.ceil(fromMs / HOUR_MS) * HOUR_MS);
    const endHour = Math.min(COUNTED_HOURS.toMs, Number.isFinite(toMs) ? Math.floor(toMs / HOUR_MS) * HOUR_MS : Infinity);
    if (firstHour < endHour)
      interiors.push({ accountId: account.accountId, firstHour, endHour, whole: firstHour === fromMs && endHour === toMs });
  }
  if (interiors.length === 0) return null;

  // The counts of the active parts and the active parts themselves, in one statement.
  const [looked] = await run(
    `SELECT (SELECT groupArray(name) ${activePartsFrom(query.logsTable)}) AS active, groupArray(part) AS parts, ` +
      `groupArray(account) AS accounts, groupArray(n) AS totals FROM (SELECT part, account, ` +
      // Counted: the word (its own completion row) among all the part's words (theirs, written last).
      `max(field = '' AND ${COMPLETE_SQL}) AND max(field != '' AND ${COMPLETE_SQL}) AS done, ` +
      `sumIf(logs, complete = 0 AND (${interiors.map(hoursSql).join(' OR ')})) AS n ` +
      `FROM ${query.countsTable} WHERE account IN (${interiors.map((interior) => sqlUInt32(interior.accountId)).join(', ')}) ` +
      `AND ((field = '' AND word = '') OR (field = ${sqlString(counted.field)} AND word = ${sqlString(counted.word)})) ` +
      `AND part IN (${activePartKeysSql(query.logsTable)}) GROUP BY part, account HAVING done = 1)`,
  );
  const parts = stringsOf(looked?.parts) ?? [];
  const accounts = numbersOf(looked?.accounts);
  const totals = numbersOf(looked?.totals);
  /** By account: the names of its counted parts. */
  const covered = new Map<number, string[]>();
  let total = 0;
  parts.forEach((part, i) => {
    const account = accounts[i] ?? 0;
    covered.set(account, [...(covered.get(account) ?? []), partNameOfKey(part)]);
    total += totals[i] ?? 0;
  });
  if (covered.size === 0) return null;

  // Every active part counted for every account of the scope, and no hour at the window's edges: the counts are
  // the total, as of the statement that read them (the parts it found active).
  const active = stringsOf(looked?.active) ?? [];
  const rest = !query.accounts.every((account) => active.every((name) => covered.get(account.accountId)?.includes(name) === true));
  const edges = interiors.filter((interior) => covered.has(interior.accountId) && !interior.whole);
  if (!rest && edges.length === 0) return total;

  const coveredSql = [...covered].map(
    ([account, names]) => `(account = ${sqlUInt32(account)} AND _part IN (${names.map(sqlString).join(', ')}))`,
  );
  // One set of counted parts for the whole scope is written on `_part` alone, which the engine prunes parts by.
  const names = [...new Set([...covered.values()].flat())];
  const sameForAll = query.accounts.every((account) => covered.get(account.accountId)?.length === names.length);
  const inCovered = sameForAll ? `_part IN (${names.map(sqlString).join(', ')})` : `(${coveredSql.join(' OR ')})`;
  // The rest always runs: a part made from a counted one meanwhile shows there, and the counts then do not answer.
  const branches = [
    `SELECT 0 AS edge, p, n FROM (SELECT _part AS p, count() AS n FROM ${query.logsTable} WHERE ${query.matched} AND NOT ${inCovered} GROUP BY p)`,
  ];
  if (edges.length > 0)
    branches.push(
      `SELECT 1 AS edge, p, n FROM (SELECT _part AS p, count() AS n FROM ${query.logsTable} WHERE ${query.matched} ` +
        `AND ${inCovered} AND (${edges.map(outsideSql).join(' OR ')}) GROUP BY p)`,
    );
  const rows = await run(branches.join(' UNION ALL '), query.settings);
  for (const row of rows) {
    const part = String(row.p);
    // A counted part itself is read here for the accounts it has no counts of.
    if (Number(row.edge) === 0 && names.some((name) => name !== part && mayShareRows(part, name))) return null;
    total += Number(row.n);
  }
  return total;
}

const numbersOf = (value: unknown): number[] => (Array.isArray(value) ? value.map((v: unknown) => Number(v)) : []);
