/**
 * The first page of a search ranked by relevance whose scores differ from match to match, without sorting every
 * match (decision 0357). One statement counts the matches and finds the best score; when at least a page of matches
 * carries it, the page is the newest of those (ties go to the newest, then to `id`), found in primary-key order as a
 * timestamp-led page is. Otherwise the rows are null and the caller ranks every match (the count stands). Logs
 * mostly score alike (a level, a user, a status: one token, once), so the best score is usually shared by thousands.
 */
import { sqlNumber } from '../../sql-literals.js';
import type { QuerySettings } from '../../transport.js';
import { hitsSql, timestampBoundSql, type HitsQuery } from './hits-sql.js';
import { equalScoresPlan } from './sort-sql.js';

type Row = Record<string, unknown>;

/**
 * The best score is found by one statement and matched exactly by the next: both evaluate the score the same way,
 * never one through the engine's JIT-compiled expressions and the other not.
 */
const SAME_EVALUATION: QuerySettings = { compile_expressions: 0 };

export interface TopScoreQuery {
  readonly table: string;
  /** The match: scope and query, as the count uses it. */
  readonly where: string;
  /** The score of a matching row, with literal statistics (compile-context.ts scoreLiterals). */
  readonly score: string;
  /** Columns of a hit, `_score` among them. */
  readonly select: string;
  readonly size: number;
  readonly run: (sql: string, settings?: QuerySettings) => Promise<Row[]>;
  readonly settings?: QuerySettings;
}

export async function topScorePage(query: TopScoreQuery): Promise<{ readonly rows: Row[] | null; readonly total: number }> {
  const { table, run } = query;
  const settings = { ...query.settings, ...SAME_EVALUATION };
  const [stats] = await run(`SELECT count() AS n, max(${query.score}) AS top FROM ${table} WHERE ${query.where}`, settings);
  const total = Number(stats?.n ?? 0);
  if (total === 0) return { rows: [], total };
  const top = Number(stats?.top);
  if (!Number.isFinite(top)) return { rows: null, total };
  const page: HitsQuery = {
    table,
    keys: equalScoresPlan().keys,
    branches: [`${query.where} AND (${query.score}) = ${sqlNumber(top)}`],
    select: query.select,
    size: query.size,
    offset: 0,
  };
  const boundSql = timestampBoundSql(page);
  if (boundSql === null) return { rows: null, total };
  const [bound] = await run(boundSql, settings);
  // Fewer than a page of matches share the best score.
  if (bound === undefined) return { rows: null, total };
  return { rows: await run(hitsSql(page, Number(bound.__bound)), settings), total };
}
