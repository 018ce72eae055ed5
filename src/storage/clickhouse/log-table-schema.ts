/**
 * The one definition of the log tables. Single-node DDL (chDB or one server) and cluster DDL
 * (replicated + distributed) are both rendered from it by ddl.ts; docs/log-schema.md explains it
 * for the query compiler.
 */
import { sqlString } from './sql-literals.js';

/** Kind of a JSON value as it is stored: where it lives depends on this, never on the catalog. */
export type StoredKind = 'string' | 'number' | 'boolean';

export interface HotField {
  /** Field name as it appears in the log (`status`, `duration_ms`). */
  readonly name: string;
  /** Column holding the field's values of `kind`; values of another kind go to the maps. */
  readonly column: string;
  readonly kind: 'string' | 'number';
  readonly sqlType: string;
  /**
   * A column of few distinct values per account (host, level): the value catalog lists them (decision 0193) and
   * field-less words find them there, not in the all-fields index.
   */
  readonly fewValues?: true;
}

/**
 * Wide columns read back only for the hits of a page: small compressed blocks, so fetching rows scattered over
 * the window decompresses a few KB per row rather than a megabyte-sized block (decision 0128). Scanned columns
 * keep the default blocks, which compress and scan better.
 */
const POINT_READ = 'SETTINGS (min_compress_block_size = 8192, max_compress_block_size = 65536)';

/** The mapped hot fields: the common keys of nginx, application and syslog logs (bench data, real shippers). */
export const HOT_FIELDS: readonly HotField[] = [
  lowCardinality('host'),
  lowCardinality('level'),
  lowCardinality('severity'),
  lowCardinality('facility'),
  lowCardinality('program'),
  lowCardinality('logger'),
  lowCardinality('thread'),
  lowCardinality('method'),
  scannedString('path'),
  plainString('client_ip'),
  plainString('user_agent'),
  plainString('request_id'),
  number('status'),
  number('bytes'),
  number('duration_ms'),
];

function lowCardinality(name: string): HotField {
  return { name, column: `f_${name}`, kind: 'string', sqlType: 'LowCardinality(Nullable(String))', fewValues: true };
}

/** The hot string columns whose values the value catalog lists (HotField.fewValues). */
export const FEW_VALUES_FIELDS: readonly HotField[] = HOT_FIELDS.filter((field) => field.fewValues === true);
function plainString(name: string): HotField {
  return { name, column: `f_${name}`, kind: 'string', sqlType: `Nullable(String) CODEC(ZSTD(1)) ${POINT_READ}` };
}
/** Scanned whole by aggregations and totals: LZ4 decompresses several times faster than ZSTD (decision 0127). */
function scannedString(name: string): HotField {
  return { name, column: `f_${name}`, kind: 'string', sqlType: 'Nullable(String) CODEC(LZ4)' };
}
function number(name: string): HotField {
  return { name, column: `f_${name}`, kind: 'number', sqlType: 'Nullable(Float64) CODEC(LZ4)' };
}

/** The long tail: one Map per stored kind, so any number of distinct keys costs no new files (chdb-notes pitfall 9). */
export const MAP_COLUMNS = {
  string: 'str',
  number: 'num',
  boolean: 'bool',
  /** Arrays of primitives, every element as its JSON text without quotes (`"a"` → a, `1.5` → 1.5, `true` → true). */
  array: 'arr',
} as const;

/** 1 when the text index tokenizes `message` exactly as the analyzer does (query/text/index-tokens.ts); 0 is always safe. */
export const MESSAGE_PLAIN_COLUMN = 'message_plain';
/** The same for every string value of the other fields (scalars and array elements); 0 is always safe. */
export const FIELDS_PLAIN_COLUMN = 'fields_plain';

const HOT_STRING_COLUMNS = HOT_FIELDS.filter((field) => field.kind === 'string').map((field) => field.column);
const HOT_NUMBER_COLUMNS = HOT_FIELDS.filter((field) => field.kind === 'number').map((field) => field.column);

/**
 * Every string value of a log but `message` (hot columns, the string map, array elements), as Array(String).
 * `arrays` is the array map, or an expression of it leaving out the fields whose elements are numbers.
 */
export function fieldStringsSql(arrays: string = MAP_COLUMNS.array): string {
  return (
    `arrayConcat([${HOT_STRING_COLUMNS.map((c) => `ifNull(${c}, '')`).join(', ')}], ` +
    `arrayMap(v -> ifNull(v, ''), mapValues(${MAP_COLUMNS.string})), arrayFlatten(mapValues(${arrays})))`
  );
}
export const FIELD_STRINGS_SQL = fieldStringsSql();

/**
 * The same values as one text, a space between two: token tests need no more (no token spans a space), and one
 * call of a pattern over it is compiled once, where one per column would each be compiled.
 */
export function fieldTextSql(arrays: string = MAP_COLUMNS.array): string {
  return stringValuesJoinedSql(' ', arrays);
}
export const FIELD_TEXT_SQL = fieldTextSql();

/** Every string value but `message`, joined by `separator`, with no lambda (arrayStringConcat leaves NULLs out). */
function stringValuesJoinedSql(separator: string, arrays: string = MAP_COLUMNS.array): string {
  const s = `'${separator}'`;
  return (
    `concat(arrayStringConcat([${HOT_STRING_COLUMNS.join(', ')}], ${s}), ${s}, arrayStringConcat(mapValues(${MAP_COLUMNS.string}), ${s}), ${s}, ` +
    `arrayStringConcat(arrayFlatten(mapValues(${arrays})), ${s}))`
  );
}

/**
 * The row-level form of isIndexExactText (query/text/index-tokens.ts) over FIELD_STRINGS_SQL: no non-ASCII
 * character, no `,`/`;` between digits, no run of 255 token characters; and every number one token as it is printed
 * (isPlainNumber, row-encoder.ts; array elements are text here, and one that starts as a negative number counts as
 * one). Only for rows stored before ingest wrote the column; it may say 0 where the analyzer would agree (0 is
 * always safe), never 1 where it would not.
 */
const FIELDS_PLAIN_DEFAULT_SQL =
  `NOT arrayExists(v -> match(v, '[^\\x00-\\x7f]|[0-9][,;][0-9]|[0-9A-Za-z_.:\\x27]{255}|^-[0-9]'), ${FIELD_STRINGS_SQL}) AND ` +
  `NOT arrayExists(n -> n < 0 OR abs(n) >= 1e15 OR (n != 0 AND abs(n) < 1e-4), arrayConcat([${HOT_NUMBER_COLUMNS.join(', ')}], mapValues(${MAP_COLUMNS.number})))`;

/** The analyzer-like tokens of `message`, as the text index holds them; queries test them with has/hasAll/hasAny. */
export const MESSAGE_TOKENS_SQL = "tokens(lower(message), 'asciiCJK')";
export const MESSAGE_TEXT_INDEX = 'message_text';

/**
 * Tokens whose adjacent pairs the pair index holds: words of letters alone. Numbers, addresses and ids would
 * multiply the index (their pairs are nearly all distinct) and need no help: a phrase holding one is already rare.
 */
export const PAIRED_TOKEN = /^[a-z_]+$/;

/**
 * `'a b'` for each two adjacent tokens of `message` that are both PAIRED_TOKEN words, '' for the other pairs (the
 * engine matches an index to `has()` only through arrayMap, not arrayFilter). On plain rows `has(pairs, 'a b')`
 * is the phrase "a b" itself, answered from the index without reading `message` (decision 0131).
 */
export const MESSAGE_PAIRS_SQL = pairsSql(MESSAGE_TOKENS_SQL);

function pairsSql(tokens: string): string {
  return `arrayMap((a, b) -> ${pairSql('a', 'b')}, arrayPopBack(${tokens}), arrayPopFront(${tokens}))`;
}

/** `'a b'` when both tokens are PAIRED_TOKEN words, else ''. */
function pairSql(a: string, b: string): string {
  const word = (token: string) => `match(${token}, '${PAIRED_TOKEN.source}')`;
  return `if(${word(a)} AND ${word(b)}, concat(${a}, ' ', ${b}), '')`;
}

/**
 * A number's decimals, which fields_text holds as `_` (`1234.56` as `1234_`, `-0.5` as `0_`): a measured value
 * (a duration, an amount) has nearly as many distinct decimals as logs, and they were a quarter of the index's
 * bytes. A field-less number finds its rows through the entry, then compares the values (decision 0196); `_`
 * keeps the entry apart from the integer `1234`, which stays exact.
 */
const DECIMALS = /\.[0-9]+/g;

/** What fields_text holds for a number printed as the engine prints a Float64 (numberText, compile/all-fields.ts). */
export function indexedNumberText(printed: string): string {
  return printed.replace(DECIMALS, '_');
}

/**
 * What the all-fields index holds for a log: the asciiCJK tokens (as `message_text`) of every value but `message`:
 * strings, array elements, numbers as toString prints a Float64 with their decimals as `_` (`500`, `1.5` → `1_`,
 * `-3` → `3`) and booleans (`true`).
 * On a row whose message is plain, tokens already among the message's are left out: a field-less word matches when
 * it is in `message_text` or here, so they would only be stored twice (parsed access logs repeat their message in
 * their fields). A number query tests its tokens on both indexes and then the numbers (decision 0136). The columns
 * of few values (host, level: FEW_VALUES_FIELDS) are left out: their tokens were 70 % of the index's entries, and
 * the value catalog answers them (decision 0193).
 */
export const FIELDS_TEXT_INDEX = 'fields_text';
export const FIELDS_PAIRS_INDEX = 'fields_pairs';

export const FIELDS_TOKENS_SQL = (() => {
  // arrayStringConcat leaves NULLs out and prints numbers and booleans as toString does; no lambda, which would
  // keep the engine from answering the index from its posting lists.
  const joined = (values: string) => `arrayStringConcat(${values}, ' ')`;
  const texts = [
    joined(`[${HOT_STRING_COLUMNS.filter((column) => !FEW_VALUES_FIELDS.some((field) => field.column === column)).join(', ')}]`),
    joined(`mapValues(${MAP_COLUMNS.string})`),
    joined(`arrayFlatten(mapValues(${MAP_COLUMNS.array}))`),
    `replaceRegexpAll(${joined(`arrayConcat([${HOT_NUMBER_COLUMNS.join(', ')}], mapValues(${MAP_COLUMNS.number}))`)}, ${sqlString(DECIMALS.source)}, '_')`,
    joined(`mapValues(${MAP_COLUMNS.boolean})`),
  ];
  const all = `tokens(lower(concat(${texts.join(", ' ', ")})), 'asciiCJK')`;
  // lowerUTF8 is lower() on the plain rows it applies to; a node of its own rather than MESSAGE_TOKENS_SQL's. The
  // values' tokens appear once: every statement naming the index analyses the expression again (decision 0145).
  return `arrayExcept(${all}, if(${MESSAGE_PLAIN_COLUMN} = 1, tokens(lowerUTF8(message), 'asciiCJK'), []))`;
})();

/**
 * The adjacent word pairs (as MESSAGE_PAIRS_SQL) of every string value but `message`, for field-less phrases. Values
 * are joined by a `0` token, which is no PAIRED_TOKEN, so no pair spans two values (a phrase never does). On a row
 * whose message is plain, pairs the message holds are left out: the phrase matches there on `message` already
 * (decision 0360). Numbers and booleans are one token each and make no pair.
 *
 * Written so that the engine analyses little (decision 0146): it analyses the expression as written in every
 * statement naming the index, so the values' long token expression appears once (arrayShingles rather than
 * arrayPopBack/arrayPopFront of two copies) and the values are joined without a lambda (arrayStringConcat leaves
 * NULLs out). A phrase's pair test plans in 11 ms instead of 14 on one part.
 *
 * Ingest now computes the pairs itself (field-pairs.ts, decision 0192): this is only the column's DEFAULT, which
 * gives the rows stored before the column existed their pairs.
 */
const FIELDS_PAIRS_DEFAULT_SQL = (() => {
  // arrayShingles refuses an array shorter than its window: two '' pad it, and make only '' pairs.
  const windows = `arrayShingles(arrayConcat(tokens(lower(${stringValuesJoinedSql(' 0 ')}), 'asciiCJK'), ['', '']), 2)`;
  const all = `arrayMap(s -> ${pairSql('s[1]', 's[2]')}, ${windows})`;
  return `arrayExcept(${all}, if(${MESSAGE_PLAIN_COLUMN} = 1, ${MESSAGE_PAIRS_SQL}, []))`;
})();

/**
 * The column the fields pair index holds: written by ingest for every log (field-pairs.ts), the pairs of the fields
 * of plain rows, [] elsewhere (the index answers only for rows whose fields are plain). `has(field_pairs, 'a b')`.
 * Ingest leaves out the columns of few values, whose listed values answer a phrase (decision 0196); the DEFAULT,
 * for rows stored before, keeps them: a pair a row really holds is never wrong.
 */
export const FIELD_PAIRS_COLUMN = 'field_pairs';

export interface ColumnDefinition {
  readonly name: string;
  readonly sqlType: string;
}

export const LOG_COLUMNS: readonly ColumnDefinition[] = [
  { name: 'account', sqlType: 'UInt32' },
  // Every statement filters on ts: LZ4 keeps that scan cheap (decision 0127).
  { name: 'ts', sqlType: "DateTime64(3, 'UTC') CODEC(Delta, LZ4)" },
  { name: 'id', sqlType: `String CODEC(ZSTD(1)) ${POINT_READ}` },
  { name: 'received_at', sqlType: "DateTime64(3, 'UTC') CODEC(Delta, ZSTD(1))" },
  { name: 'type', sqlType: 'LowCardinality(String)' },
  { name: 'message', sqlType: `String CODEC(ZSTD(1)) ${POINT_READ}` },
  { name: MESSAGE_PLAIN_COLUMN, sqlType: 'UInt8' },
  // Ingest writes it; the default gives rows stored before the column existed their value (decision 0136).
  { name: FIELDS_PLAIN_COLUMN, sqlType: `UInt8 DEFAULT ${FIELDS_PLAIN_DEFAULT_SQL}` },
  // Ingest writes it (decision 0192); the default gives rows stored before the column their pairs.
  { name: FIELD_PAIRS_COLUMN, sqlType: `Array(String) DEFAULT ${FIELDS_PAIRS_DEFAULT_SQL} CODEC(ZSTD(1))` },
  { name: 'size_bytes', sqlType: 'UInt32 CODEC(ZSTD(1))' },
  { name: 'retention_days', sqlType: 'UInt16 CODEC(ZSTD(1))' },
  ...HOT_FIELDS.map((field) => ({ name: field.column, sqlType: field.sqlType })),
  { name: MAP_COLUMNS.string, sqlType: `Map(LowCardinality(String), Nullable(String)) CODEC(ZSTD(1)) ${POINT_READ}` },
  { name: MAP_COLUMNS.number, sqlType: `Map(LowCardinality(String), Nullable(Float64)) CODEC(ZSTD(1)) ${POINT_READ}` },
  { name: MAP_COLUMNS.boolean, sqlType: `Map(LowCardinality(String), Nullable(Bool)) CODEC(ZSTD(1)) ${POINT_READ}` },
  { name: MAP_COLUMNS.array, sqlType: `Map(LowCardinality(String), Array(String)) CODEC(ZSTD(1)) ${POINT_READ}` },
  // `_source` exactly as ingest built it; read back only for the hits of a page.
  { name: 'source', sqlType: `String CODEC(ZSTD(3)) ${POINT_READ}` },
];

/** Delta-coded, bit-packed posting lists: a third smaller than plain ones (decision 0131). */
const TEXT_INDEX_TYPE = "text(tokenizer = 'array', posting_list_codec = 'bitpacking')";

export interface IndexDefinition {
  readonly name: string;
  readonly expression: string;
  readonly type: string;
  readonly granularity: number;
}

export const LOG_INDEXES: readonly IndexDefinition[] = [
  // Expression index, never `preprocessor=`: the preprocessor gives plan-dependent wrong results (chdb-notes §5).
  // The tokens are computed by the expression (asciiCJK follows the analyzer's word rules, so on plain rows the
  // index alone answers) and indexed as given: `has()` on the same expression is then right even where the index
  // is not used, unlike hasAllTokens(), which falls back to splitByNonAlpha there (decision 0127).
  { name: MESSAGE_TEXT_INDEX, expression: MESSAGE_TOKENS_SQL, type: TEXT_INDEX_TYPE, granularity: 1 },
  { name: 'message_pairs', expression: MESSAGE_PAIRS_SQL, type: TEXT_INDEX_TYPE, granularity: 1 },
  // Field-less words (query_string without a field): every other field's text, numbers and booleans (decision 0136).
  { name: FIELDS_TEXT_INDEX, expression: FIELDS_TOKENS_SQL, type: TEXT_INDEX_TYPE, granularity: 1 },
  // Field-less phrases of two words: answered from this index alone on rows with plain fields (decision 0360).
  { name: FIELDS_PAIRS_INDEX, expression: FIELD_PAIRS_COLUMN, type: TEXT_INDEX_TYPE, granularity: 1 },
  { name: 'request_id_bloom', expression: 'f_request_id', type: 'bloom_filter(0.01)', granularity: 4 },
];

export interface ProjectionDefinition {
  readonly name: string;
  readonly query: string;
}

/**
 * Log counts per account, UTC day, type and path, kept by the engine beside every part: a terms aggregation on
 * `path` or `type` over whole days reads these rows (tens of thousands) instead of the column of every log in the
 * window (millions): 101 → 12 ms for the top paths of 5M logs (decision 0135). `toDate32`, not `toDate`: toDate
 * wraps timestamps past 2149 round to 1970 and would put them in a recent day.
 */
export const DAY_COUNTS = {
  name: 'day_counts',
  day: 'toDate32(ts)',
  /** Keys a terms aggregation may group by and still be answered from the projection. */
  keys: ['type', 'f_path'],
} as const;

export const LOG_PROJECTIONS: readonly ProjectionDefinition[] = [
  {
    name: DAY_COUNTS.name,
    query: `SELECT account, ${DAY_COUNTS.day}, ${DAY_COUNTS.keys.join(', ')}, count() GROUP BY account, ${DAY_COUNTS.day}, ${DAY_COUNTS.keys.join(', ')}`,
  },
];

export const LOG_TABLE = {
  name: 'logs',
  orderBy: '(account, ts)',
  ttl: 'toDateTime(ts) + toIntervalDay(retention_days) DELETE',
  settings: {
    // Without a window, insert_deduplication_token deduplicates nothing on a non-replicated table.
    non_replicated_deduplication_window: 1000,
    merge_with_ttl_timeout: 3600,
    // Finer than the default 8192: a hit costs one granule of each column (decision 0128).
    index_granularity: 1024,
    // A lightweight DELETE (retention cut, account removal) rebuilds the projections of the parts it touches;
    // the engine refuses the DELETE on a table with projections otherwise.
    lightweight_mutation_projection_mode: 'rebuild',
  },
} as const;

/** The per-account field catalog: one row per (account, field, type, array-ness) the first time it is seen. */
export const FIELD_TABLE = {
  name: 'log_fields',
  columns: [
    { name: 'account', sqlType: 'UInt32' },
    { name: 'name', sqlType: 'String' },
    { name: 'type', sqlType: 'LowCardinality(String)' },
    { name: 'in_array', sqlType: 'UInt8' },
    { name: 'first_seen', sqlType: 'Int64' },
  ],
  orderBy: '(account, name, type, in_array)',
} as const satisfies { name: string; columns: readonly ColumnDefinition[]; orderBy: string };

/**
 * The per-account value catalog of the columns of few values (FEW_VALUES_FIELDS, decision 0193): one row per
 * (account, field, value) the first time it is seen, or one `overflow` row once a field has had too many to list.
 */
export const VALUE_TABLE = {
  name: 'log_values',
  columns: [
    { name: 'account', sqlType: 'UInt32' },
    { name: 'field', sqlType: 'LowCardinality(String)' },
    { name: 'value', sqlType: 'String' },
    { name: 'overflow', sqlType: 'UInt8' },
  ],
  orderBy: '(account, field, value)',
} as const satisfies { name: string; columns: readonly ColumnDefinition[]; orderBy: string };

/**
 * Per-part counts of the words most logs hold (decision 0197), what Lucene's document frequency is to a segment: for
 * an account's logs in one part of `logs` (`part` is its name and creation time, table-parts.ts), how many logs of
 * each block of the part's rows a one-word query (`field` `*` or `message`) matches. A block is at most
 * WORD_COUNT_BLOCK_ROWS rows of the account's, rows `first_row`…`last_row` (`_part_offset`) whose timestamps lie in
 * [`min_ts`, `max_ts`], within one UTC day. `complete = 1` rows say what was counted: one per word (a word without one
 * was not counted, which is not a count of 0), and one with an empty `field` and `word` once all of an account's
 * counts of a part are written; their `logs` holds the version of the counting rules. Written in the background
 * (search/word-counts/), read by exact totals; the rows of parts merged away are deleted.
 */
export const WORD_COUNT_TABLE = {
  name: 'log_word_counts',
  columns: [
    { name: 'account', sqlType: 'UInt32' },
    { name: 'field', sqlType: 'LowCardinality(String)' },
    { name: 'word', sqlType: 'String' },
    { name: 'part', sqlType: 'String' },
    { name: 'block', sqlType: 'UInt64' },
    { name: 'first_row', sqlType: 'UInt64' },
    { name: 'last_row', sqlType: 'UInt64' },
    { name: 'min_ts', sqlType: "DateTime64(3, 'UTC')" },
    { name: 'max_ts', sqlType: "DateTime64(3, 'UTC')" },
    { name: 'logs', sqlType: 'UInt64' },
    { name: 'complete', sqlType: 'UInt8' },
  ],
  orderBy: '(account, field, word, part, block)',
} as const satisfies { name: string; columns: readonly ColumnDefinition[]; orderBy: string };

/**
 * Rows of a part per block of the word counts: a window's first and last blocks, which it may hold in part, are
 * counted on the logs (at most this many rows each); the others are read from the counts. Blocks also end where a
 * UTC day does, so a window of whole days holds every block whole.
 */
export const WORD_COUNT_BLOCK_ROWS = 16_384;

/** Names of the tables a store uses; in a cluster the writers and readers use the distributed ones. */
export interface TableNames {
  readonly logs: string;
  readonly fields: string;
  readonly values: string;
  /** Word counts are a single node's (its parts): a cluster has none. */
  readonly wordCounts: string | null;
}

export const DEFAULT_TABLE_NAMES: TableNames = {
  logs: LOG_TABLE.name,
  fields: FIELD_TABLE.name,
  values: VALUE_TABLE.name,
  wordCounts: WORD_COUNT_TABLE.name,
};
