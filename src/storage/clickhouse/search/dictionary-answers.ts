/**
 * The text-index dictionaries a search's token patterns need (compile/token-dictionary.ts), read once per search
 * and written into its statements (decision 0144). A part never changes, so what a pattern found in a part is kept
 * (TokenDictionaryCache): a search reads only the parts it has not seen — those written or merged since.
 */
import { sqlIdentifier, sqlNumber, sqlString } from '../sql-literals.js';
import type { QuerySettings } from '../transport.js';
import {
  ACTIVE_PARTS_COLUMNS,
  activePartsFrom,
  activePartsOf,
  createPartAnswerCache,
  stringsOf,
  type ActivePart,
  type PartAnswerCache,
} from './table-parts.js';
import { answeredSql, DICTIONARY_TOKENS_MAX } from './compile/token-dictionary.js';
import { writtenAnswers, type DictionaryLookup, type PendingAnswers } from './compile/pending-answers.js';

/**
 * The dictionaries hold every account's tokens; reading them costs about 70 ns a token and tables hold up to
 * about one token for two logs, where testing a message's tokens costs about 370 ns a log. Below a tenth of the
 * table's logs in scope the test of every token is cheaper (a small account, a short window).
 */
const SCOPE_SHARE_MIN = 10;
const CACHED_TESTS = 256;

/**
 * A statement reads at most about this many logs' worth of dictionary — small parts together, a large part a range
 * of its tokens at a time — and a cancelled search starts no further one (the lane refuses it). The KILL does stop a
 * dictionary read (within 0.1–0.5 s on a loaded machine); the bound keeps what one statement costs, cancelled or
 * not, to about half a second on a quiet machine however large parts grow (decision 0653).
 */
const CHUNK_ROWS = 250_000;
/** Chunks read at once per index: the engine reads a dictionary on one thread. */
const CHUNKS_AT_ONCE = 2;

/**
 * Where a part's tokens are cut: the text indexes split lowered text into runs of ASCII letters, digits and `_`
 * (and non-ASCII), so a token's first character spreads them over these; any token sorts into exactly one range.
 */
const TOKEN_CUTS = [...'123456789_abcdefghijklmnopqrstuvwxyz'];

/** One statement's share of a dictionary read: some parts, and the range of tokens [from, to) (open where absent). */
export interface DictionaryChunk {
  readonly parts: readonly ActivePart[];
  readonly from?: string;
  readonly to?: string;
}

/**
 * The statements a read of `parts` takes: parts of fewer than `chunkRows` logs grouped up to that many, a larger
 * part cut into about rows / chunkRows token ranges (at most one per first character).
 */
export function dictionaryChunks(parts: readonly ActivePart[], chunkRows: number): DictionaryChunk[] {
  const chunks: DictionaryChunk[] = [];
  let group: ActivePart[] = [];
  let groupRows = 0;
  for (const part of parts) {
    if (part.rows <= chunkRows) {
      if (group.length > 0 && groupRows + part.rows > chunkRows) {
        chunks.push({ parts: group });
        group = [];
        groupRows = 0;
      }
      group.push(part);
      groupRows += part.rows;
      continue;
    }
    const pieces = Math.min(TOKEN_CUTS.length + 1, Math.ceil(part.rows / chunkRows));
    const cuts = Array.from(
      { length: pieces - 1 },
      (_, i) => TOKEN_CUTS[Math.floor(((i + 1) * (TOKEN_CUTS.length + 1)) / pieces) - 1] ?? '',
    );
    cuts.forEach((to, i) => chunks.push(i === 0 ? { parts: [part], to } : { parts: [part], from: cuts[i - 1] ?? '', to }));
    chunks.push({ parts: [part], from: cuts[cuts.length - 1] ?? '' });
  }
  if (group.length > 0) chunks.push({ parts: group });
  return chunks;
}

function tokenRangeSql(chunk: DictionaryChunk): string {
  return (
    (chunk.from === undefined ? '' : ` AND token >= ${sqlString(chunk.from)}`) +
    (chunk.to === undefined ? '' : ` AND token < ${sqlString(chunk.to)}`)
  );
}

/** The tokens a test found in one part; null where it found more than DICTIONARY_TOKENS_MAX. */
type PartTokens = readonly string[] | null;

/** What token tests found in each part, by table, index and test; the least recently used tests are forgotten. */
export type TokenDictionaryCache = PartAnswerCache<PartTokens>;

export function createTokenDictionaryCache(maxTests = CACHED_TESTS): TokenDictionaryCache {
  return createPartAnswerCache<PartTokens>(maxTests);
}

type Run = (sql: string, settings?: QuerySettings) => Promise<readonly Record<string, unknown>[]>;

export interface DictionaryAnswerDeps {
  readonly table: string;
  /** The scope's accounts and window (scope-sql.ts scopeBoundsSql): whether reading a dictionary is worth it. */
  readonly scopeBounds: string;
  readonly run: Run;
  readonly cache: TokenDictionaryCache;
  /** The search's questions, token-dictionary ones answered here (compile/pending-answers.ts). */
  readonly pending: PendingAnswers;
  /** Logs' worth of dictionary one statement reads (CHUNK_ROWS unless a test asks otherwise). */
  readonly chunkRows?: number;
}

/** The tokens of one answer column, null when there were more than the dictionary lists. */
function partTokens(value: unknown): PartTokens {
  const tokens = stringsOf(value);
  return tokens === null || tokens.length > DICTIONARY_TOKENS_MAX ? null : tokens;
}

/**
 * The statement rewriter of one search: the keys of token-dictionary questions become the condition their
 * dictionary's answer calls for.
 * Each index is read once for all the tests a statement brings, a statement per index, in parallel (the engine
 * reads a dictionary in one thread). Where it cannot answer — the scope is too small a share, a part has no index
 * (written before a schema upgrade added it, until the upgrade's mutation has built it) or no token at all, too
 * many tokens match, the engine refused the read — the key becomes the test of every token.
 */
export function dictionaryAnswers(deps: DictionaryAnswerDeps): (sql: string) => Promise<string> {
  const { table, run, cache } = deps;
  const answers = new Map<string, Promise<string>>();
  let state: Promise<readonly ActivePart[] | null> | null = null;

  /** The table's active parts, null where reading the dictionaries is not worth it. */
  function tableState(): Promise<readonly ActivePart[] | null> {
    const scopeRows = `(SELECT sum(rows) FROM (EXPLAIN ESTIMATE SELECT 1 FROM ${sqlIdentifier(table)} WHERE ${deps.scopeBounds}))`;
    state ??= run(
      `SELECT ${ACTIVE_PARTS_COLUMNS}, ifNull(${scopeRows}, 0) * ${sqlNumber(SCOPE_SHARE_MIN)} >= sum(rows) AS worth ` +
        activePartsFrom(table),
    ).then(([row]) => {
      const worth = row?.worth === 1 || row?.worth === true;
      return worth ? activePartsOf(row) : null;
    });
    return state;
  }

  /** The tokens each test accepts in the whole table, or null where the dictionary cannot answer it. */
  async function readIndex(index: string, tests: readonly string[]): Promise<PartTokens[]> {
    const current = await tableState();
    if (current === null) return tests.map(() => null);
    const keys = tests.map((test) => [table, index, test].join('\u0000'));
    const seen = keys.map((key) => cache.get(key) ?? new Map<string, PartTokens>());
    const unread = current.filter((part) => seen.some((parts) => !parts.has(part.key)));
    if (unread.length > 0) {
      const keyOf = new Map(unread.map((part) => [part.name, part.key]));
      const found = tests.map((test, i) => `groupUniqArrayIf(${sqlNumber(DICTIONARY_TOKENS_MAX + 1)})(token, ${test}) AS __t${i}`);
      // What each chunk found, per part and test; a part is known once every chunk of it was read.
      const read = new Map<string, (string[] | null)[]>();
      const chunks = dictionaryChunks(unread, deps.chunkRows ?? CHUNK_ROWS);
      let next = 0;
      const reader = async (): Promise<void> => {
        // The run refuses a statement once the search is cancelled: the reads stop between two chunks.
        for (let chunk = chunks[next++]; chunk !== undefined; chunk = chunks[next++]) {
          const rows = await run(
            `SELECT part_name, ${found.join(', ')} FROM mergeTreeTextIndex(currentDatabase(), ${sqlIdentifier(table)}, ${sqlIdentifier(index)}) ` +
              `WHERE part_name IN (${chunk.parts.map((part) => sqlString(part.name)).join(', ')})${tokenRangeSql(chunk)} GROUP BY part_name`,
          );
          for (const row of rows) {
            const name = String(row.part_name);
            const before = read.get(name) ?? tests.map((): string[] | null => []);
            read.set(
              name,
              before.map((tokens, i) => {
                const more = partTokens(row[`__t${i}`]);
                return tokens === null || more === null || tokens.length + more.length > DICTIONARY_TOKENS_MAX
                  ? null
                  : [...tokens, ...more];
              }),
            );
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(CHUNKS_AT_ONCE, chunks.length) }, reader));
      for (const [name, tokens] of read) {
        const key = keyOf.get(name);
        if (key !== undefined) seen.forEach((parts, i) => parts.set(key, tokens[i] ?? null));
      }
    }
    return seen.map((parts, i) => {
      const kept = new Map<string, PartTokens>();
      const union = new Set<string>();
      let answerable = true;
      for (const part of current) {
        const tokens = parts.get(part.key);
        if (tokens !== undefined) kept.set(part.key, tokens);
        if (tokens === undefined || tokens === null) answerable = false;
        else for (const token of tokens) union.add(token);
      }
      cache.set(keys[i] ?? '', kept);
      return answerable && union.size <= DICTIONARY_TOKENS_MAX ? [...union] : null;
    });
  }

  return async (sql) => {
    const found = deps.pending.in(sql, 'token-dictionary');
    if (found.length === 0) return sql;
    const missing = found.filter(({ key }) => !answers.has(key));
    for (const index of new Set(missing.map(({ lookup }) => lookup.index.name))) {
      const onIndex = missing.filter(({ lookup }) => lookup.index.name === index);
      const read = readIndex(
        index,
        onIndex.map(({ lookup }) => lookup.tokenTest),
      );
      onIndex.forEach(({ key, lookup }, i) => answers.set(key, answerOf(read, lookup, i)));
    }
    const written = new Map<string, string>();
    for (const { key, lookup } of found) written.set(key, (await answers.get(key)) ?? `(${lookup.scan})`);
    return writtenAnswers(sql, written);
  };
}

function answerOf(read: Promise<PartTokens[]>, lookup: DictionaryLookup, i: number): Promise<string> {
  return read.then(
    (tokens) => answeredSql(lookup, tokens[i] ?? null),
    // The test of every token is always right: an engine without the table function still answers.
    () => `(${lookup.scan})`,
  );
}
