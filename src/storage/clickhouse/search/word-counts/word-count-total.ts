/**
 * The exact total of a one-word search from the word counts (decision 0197): the counted blocks of the active parts
 * whose timestamps lie inside the window, plus one statement for the rest — the parts without counts, and the blocks
 * the window holds only in part (each part's first and last at most; none for a window of whole days). A word in
 * most logs is otherwise counted row by row over millions of rows, the whole cost of its search.
 */
import { sqlNumber, sqlString, sqlUInt32 } from '../../sql-literals.js';
import type { QuerySettings } from '../../transport.js';
import type { Run } from '../statement-priority.js';
import { activePartsFrom, stringsOf, type ActivePart } from '../table-parts.js';
import type { CountedWord } from './counted-word.js';
import { mayShareRows } from './part-blocks.js';
import type { PartWordCounts, WordCountReads } from './word-count-cache.js';

export interface WordCountTotalQuery {
  readonly logsTable: string;
  readonly counted: CountedWord;
  /** The scope's accounts, each from its own oldest visible `@timestamp`, and the window's end. */
  readonly accounts: readonly { readonly accountId: number; readonly fromMs: number }[];
  readonly toMs: number | null;
  /** The whole condition of a match (the scope and the query), as the search counts it. */
  readonly matched: string;
  /** The table's active parts, or the last listing when nothing was written since (the rows are the same). */
  readonly parts: () => Promise<readonly ActivePart[] | null>;
  readonly cache: WordCountReads;
  readonly run: Run;
  readonly settings?: QuerySettings;
}

/** What the counts give of one account's counted part: the matches of the blocks inside the window, the rows of the others in it. */
function readPart(counts: PartWordCounts, fromMs: number, toMs: number): { inside: number; partial: string[] } {
  let inside = 0;
  const partial: string[] = [];
  for (let i = 0; i < counts.logs.length; i += 1) {
    const lo = counts.minTs[i] ?? 0;
    const hi = counts.maxTs[i] ?? 0;
    if (lo >= fromMs && hi < toMs) inside += counts.logs[i] ?? 0;
    else if (hi >= fromMs && lo < toMs)
      partial.push(`_part_offset BETWEEN ${sqlNumber(counts.firstRow[i] ?? 0)} AND ${sqlNumber(counts.lastRow[i] ?? 0)}`);
  }
  return { inside, partial };
}

/**
 * The total, or null where the counts cannot answer: no counts of the word, the parts cannot be listed, or a counted
 * part was merged away before the statement for the rest read the logs (its rows would be counted twice, or not at
 * all). Null asks the caller to count the usual way.
 */
export async function wordCountTotal(query: WordCountTotalQuery): Promise<number | null> {
  const { counted, run, logsTable } = query;
  const windows = query.accounts
    .map((account) => ({
      accountId: account.accountId,
      fromMs: Math.max(account.fromMs, counted.fromMs),
      toMs: Math.min(query.toMs ?? Infinity, counted.toMs),
    }))
    .filter((window) => window.fromMs < window.toMs);
  const found = await Promise.all(windows.map((window) => query.cache.countsOf(run, window.accountId, counted.field, counted.word)));
  if (!found.some((counts) => counts !== null)) return null;
  const parts = await query.parts();
  if (parts === null) return null;

  /** By account: the names of its counted parts. */
  const covered = new Map<number, string[]>();
  /** The rows of the blocks the window holds in part, by account and part: counted on the logs. */
  const edges: string[] = [];
  let total = 0;
  windows.forEach((window, i) => {
    const counts = found[i];
    if (counts === null || counts === undefined) return;
    for (const part of parts) {
      const ofPart = counts.get(part.key);
      if (ofPart === undefined) continue;
      covered.set(window.accountId, [...(covered.get(window.accountId) ?? []), part.name]);
      const { inside, partial } = readPart(ofPart, window.fromMs, window.toMs);
      total += inside;
      if (partial.length > 0)
        edges.push(`(account = ${sqlUInt32(window.accountId)} AND _part = ${sqlString(part.name)} AND (${partial.join(' OR ')}))`);
    }
  });
  if (covered.size === 0) return null;

  // Every active part counted for every account of the scope, and no block in part: the counts are the total, as of
  // the listing (no write since: the same rows, whatever merges did).
  const rest = !query.accounts.every((account) => parts.every((part) => covered.get(account.accountId)?.includes(part.name) === true));
  if (!rest && edges.length === 0) return total;

  const names = [...new Set([...covered.values()].flat())];
  const edgesSql =
    `SELECT 1 AS edge, p, n FROM (SELECT _part AS p, count() AS n FROM ${logsTable} WHERE ${query.matched} ` +
    `AND (${edges.join(' OR ')}) GROUP BY p)`;
  if (!rest) {
    // Only blocks of counted parts: read while those parts were active — they still are after it — or not at all.
    const rows = await run(edgesSql, query.settings);
    const [after] = await run(
      `SELECT groupArray(name) AS parts ${activePartsFrom(logsTable)} AND name IN (${names.map(sqlString).join(', ')})`,
    );
    if ((stringsOf(after?.parts) ?? []).length !== names.length) return null;
    return rows.reduce((sum, row) => sum + Number(row.n), total);
  }
  // One set of counted parts for the whole scope is written on `_part` alone, which the engine prunes parts by.
  const sameForAll = query.accounts.every((account) => covered.get(account.accountId)?.length === names.length);
  const inCovered = sameForAll
    ? `_part IN (${names.map(sqlString).join(', ')})`
    : `(${[...covered].map(([account, ofAccount]) => `(account = ${sqlUInt32(account)} AND _part IN (${ofAccount.map(sqlString).join(', ')}))`).join(' OR ')})`;
  // With the rest: a part made from a counted one since the listing shows there, and the counts then do not answer.
  const branches = [
    `SELECT 0 AS edge, p, n FROM (SELECT _part AS p, count() AS n FROM ${logsTable} WHERE ${query.matched} AND NOT ${inCovered} GROUP BY p)`,
    ...(edges.length > 0 ? [edgesSql] : []),
  ];
  const rows = await run(branches.join(' UNION ALL '), query.settings);
  for (const row of rows) {
    const part = String(row.p);
    // A counted part itself is read here for the accounts it has no counts of.
    if (Number(row.edge) === 0 && names.some((name) => name !== part && mayShareRows(part, name))) return null;
    total += Number(row.n);
  }
  return total;
}
