/**
 * The reference queries of reference/engine-bench.md, each as a /v1/search body and as the SQL one would write
 * by hand for the same answer (hits with their `_source` columns plus the total, or the aggregation).
 */
import { phraseRegex, tokenRegex } from '../src/storage/clickhouse/search/text-sql.js';
import { FIELDS_TOKENS_SQL, MESSAGE_PAIRS_SQL, MESSAGE_TOKENS_SQL } from '../src/storage/clickhouse/log-table-schema.js';
import { SOURCE_SELECT_SQL } from '../src/storage/clickhouse/source-of-row.js';
import { EXCLUSION_SEARCH_STEPS } from '../src/storage/clickhouse/chdb-transport.js';
import { sqlString } from '../src/storage/clickhouse/sql-literals.js';

export interface ReferenceQuery {
  readonly name: string;
  readonly body: Record<string, unknown>;
  /**
   * Statements answering the same question; `scope` is the account and window conjunction, `days` the same
   * window as whole UTC days, which the day-counts projection answers (decision 0135).
   */
  readonly sql: (scope: string, days: string) => readonly string[];
}

/** The analyzer's token test the API applies after the text index on rows that are not plain (search/text-sql.ts). */
const exactToken = (term: string): string => `match(message, ${sqlString(`(?i)${tokenRegex(term)}`)})`;

/** Newest 50 and the total of a text test: the index decides plain rows alone, the others get the exact check. */
const newestText = (index: string, plainCheck: string, otherCheck: string, scope: string): string[] => [
  `SELECT id, ${SOURCE_SELECT_SQL} FROM logs WHERE ${scope} AND ${index} AND ((message_plain = 1 AND ${plainCheck}) OR (message_plain = 0 AND ${otherCheck})) ORDER BY ts DESC LIMIT 50`,
  `SELECT (SELECT count() FROM logs WHERE ${scope} AND message_plain = 1 AND ${index} AND ${plainCheck}) + (SELECT count() FROM logs WHERE ${scope} AND message_plain = 0 AND ${index} AND ${otherCheck})`,
];

const newest = (where: string, scope: string, offset = 0): string[] => [
  `SELECT id, ${SOURCE_SELECT_SQL} FROM logs WHERE ${scope} AND ${where} ORDER BY ts DESC LIMIT 50 OFFSET ${offset}`,
  `SELECT count() FROM logs WHERE ${scope} AND ${where}`,
];
const desc = [{ '@timestamp': { order: 'desc' } }];

export const REFERENCE_QUERIES: readonly ReferenceQuery[] = [
  {
    name: 'term status=500, newest 50',
    body: { query: { term: { status: 500 } }, sort: desc, size: 50 },
    sql: (s) => newest('f_status = 500', s),
  },
  {
    name: 'word "timeout", newest 50',
    body: { query: { match: { message: 'timeout' } }, sort: desc, size: 50 },
    sql: (s) => newestText(`has(tokens(lower(message), 'asciiCJK'), 'timeout')`, '1', exactToken('timeout'), s),
  },
  {
    name: 'phrase "connection refused", newest 50',
    body: { query: { match_phrase: { message: 'connection refused' } }, sort: desc, size: 50 },
    // Plain rows: the pair index is the phrase; the others: both words, then the exact pattern.
    sql: (s) =>
      newestText(
        '1',
        `has(${MESSAGE_PAIRS_SQL}, 'connection refused')`,
        `hasAll(tokens(lower(message), 'asciiCJK'), ['connection', 'refused']) AND match(message, ${sqlString(`(?i)${phraseRegex(['connection', 'refused'], false)}`)})`,
        s,
      ),
  },
  {
    name: 'terms top 10 path',
    body: { query: { match_all: {} }, size: 0, aggs: { paths: { terms: { field: 'path', size: 10 } } } },
    sql: (s, days) => [
      `SELECT f_path, count() AS c FROM logs WHERE ${days} AND f_path IS NOT NULL GROUP BY f_path ORDER BY c DESC, f_path LIMIT 10`,
      `SELECT count() FROM logs WHERE ${s}`,
    ],
  },
  {
    name: 'date_histogram 5m',
    body: { query: { match_all: {} }, size: 0, aggs: { t: { date_histogram: { field: '@timestamp', fixed_interval: '5m' } } } },
    sql: (s) => [
      `SELECT toStartOfInterval(ts, INTERVAL 5 MINUTE) AS k, count() FROM logs WHERE ${s} GROUP BY k ORDER BY k`,
      `SELECT count() FROM logs WHERE ${s}`,
    ],
  },
  {
    name: 'range 1000<=duration_ms<5000 + avg bytes',
    body: { query: { range: { duration_ms: { gte: 1000, lt: 5000 } } }, size: 0, aggs: { b: { avg: { field: 'bytes' } } } },
    sql: (s) => [`SELECT count(), avg(f_bytes) FROM logs WHERE ${s} AND f_duration_ms >= 1000 AND f_duration_ms < 5000`],
  },
  {
    name: 'prefix path /api/v2/orders/1, newest 50',
    body: { query: { prefix: { 'path.keyword': '/api/v2/orders/1' } }, sort: desc, size: 50 },
    sql: (s) => newest(`startsWith(f_path, '/api/v2/orders/1')`, s),
  },
  { name: 'count', body: { query: { match_all: {} }, size: 0 }, sql: (s) => [`SELECT count() FROM logs WHERE ${s}`] },
  {
    name: 'rare word, newest 50',
    body: { query: { match: { message: 'quaquaqua' } }, sort: desc, size: 50 },
    sql: (s) => newestText(`has(tokens(lower(message), 'asciiCJK'), 'quaquaqua')`, '1', exactToken('quaquaqua'), s),
  },
  {
    name: 'deep page from 9,950',
    body: { query: { match_all: {} }, sort: desc, from: 9950, size: 50 },
    sql: (s) => newest('1', s, 9950),
  },
];

/**
 * A field-less word as one would write it by hand over the all-fields index: either index holds it. Every log the
 * bench writes is plain (the accounts' catalogs say so), so the indexes' tokens are the analyzer's and no row needs
 * the exact check; the API leaves it out for the same reason.
 */
const fieldlessWord = (term: string): string =>
  `(has(${MESSAGE_TOKENS_SQL}, ${sqlString(term)}) OR has(${FIELDS_TOKENS_SQL}, ${sqlString(term)}))`;

/** The engine setting every statement of the store runs with, which an OR needs (decision 0187). */
const withStoreSettings = (statements: readonly string[]): string[] =>
  statements.map((sql) => `${sql} SETTINGS merge_tree_generic_exclusion_search_max_steps = ${EXCLUSION_SEARCH_STEPS}`);

/**
 * The field-less common word beside the statements one would write by hand over the all-fields index, issue 16's
 * other comparison: `message:http` is not the same question (55 % of the logs against 95 %), and an exact total
 * (/v1/search) counts every match.
 */
export const FIELDLESS_HAND_QUERIES: readonly ReferenceQuery[] = [
  {
    name: 'field-less common word "http" against the SQL over the all-fields index, newest 50',
    body: { query: { query_string: { query: 'http' } }, sort: desc, size: 50 },
    sql: (s) => withStoreSettings(newest(fieldlessWord('http'), s)),
  },
  {
    name: 'field-less common word "http" against the SQL over the all-fields index, size 0',
    body: { query: { query_string: { query: 'http' } }, sort: desc, size: 0 },
    sql: (s) => withStoreSettings([`SELECT count() FROM logs WHERE ${s} AND ${fieldlessWord('http')}`]),
  },
];

/**
 * What people type in a search bar: a `query_string` without a field (every field, Elasticsearch's default), each
 * beside the same query written on `message` (the comparison the bar is set against). Discover sends these newest
 * first with a date histogram; alerts and scripts send them with `size: 0`.
 */
export interface FieldlessQuery {
  readonly name: string;
  /** `/v1/search`, or the Elasticsearch API where /v1/search refuses the syntax (a leading wildcard) or counts otherwise. */
  readonly path: string;
  readonly body: Record<string, unknown>;
  /** The same question on `message` alone (`message:word`). */
  readonly onMessage: Record<string, unknown>;
}

const queryString = (query: string): Record<string, unknown> => ({ query_string: { query } });

/** Each case with the page Discover asks for (newest 50) and without hits (`size: 0`). */
function bothSizes(
  name: string,
  path: string,
  fieldless: string,
  onMessage: string,
  extra: Record<string, unknown> = {},
): FieldlessQuery[] {
  return [50, 0].map((size) => ({
    name: `${name}, ${size === 0 ? 'size 0' : 'newest 50'}`,
    path,
    body: { query: queryString(fieldless), sort: desc, size, ...extra },
    onMessage: { query: queryString(onMessage), sort: desc, size, ...extra },
  }));
}

const histogram = { aggs: { t: { date_histogram: { field: '@timestamp', fixed_interval: '5m' } } } };
const hostTerms = { aggs: { hosts: { terms: { field: 'host', size: 10 } } } };

export const FIELDLESS_QUERIES: readonly FieldlessQuery[] = [
  {
    name: 'match_all, newest 50 (reference for the common word)',
    path: '/v1/search',
    body: { query: { match_all: {} }, sort: desc, size: 50 },
    onMessage: { query: { match_all: {} }, sort: desc, size: 50 },
  },
  // `http`: in every nginx message and every application thread name (95 % of the logs); on `message` 55 %.
  ...bothSizes('field-less common word "http"', '/v1/search', 'http', 'message:http'),
  // The same through the ES API, which counts hits up to 10,000 as Elasticsearch 7+ does: the page without the
  // exact total that /v1/search (Elasticsearch 6.8 semantics) must give.
  ...bothSizes('field-less common word "http" (ES API, total to 10,000)', '/_search', 'http', 'message:http'),
  ...bothSizes('field-less rare word', '/v1/search', 'quaquaqua', 'message:quaquaqua'),
  ...bothSizes('field-less word in no log', '/v1/search', 'zyzzogeton', 'message:zyzzogeton'),
  ...bothSizes('field-less phrase "connection refused"', '/v1/search', '"connection refused"', 'message:"connection refused"'),
  ...bothSizes('field-less word AND field', '/v1/search', 'refused AND level:ERROR', 'message:refused AND level:ERROR'),
  ...bothSizes('field-less NOT word', '/v1/search', 'NOT timeout', 'NOT message:timeout'),
  // /v1/search refuses leading wildcards (as Logz.io does); Elasticsearch clients send them.
  ...bothSizes('field-less leading wildcard "*imeout" (ES API)', '/_search', '*imeout', 'message:*imeout'),
  ...bothSizes('field-less prefix "refus*"', '/v1/search', 'refus*', 'message:refus*'),
  ...bothSizes('field-less word + terms host', '/v1/search', 'timeout', 'message:timeout', hostTerms),
  ...bothSizes('field-less word + date_histogram 5m', '/v1/search', 'timeout', 'message:timeout', histogram),
];
