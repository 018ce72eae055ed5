/**
 * Words no part of the table holds, written out of a field-less search's statements (decision 0186). The engine
 * answers `has(<index expression>, 'word')` from that text index, but a word the index does not hold still costs
 * its whole test: in the OR of both word indexes that every field-less word is, the engine builds the absent
 * index's answer for every granule the other one keeps (`timeout`, only ever in messages: counted in 40 ms
 * field-less, 21 on `message`, over 5M logs). Lucene skips a term a segment's dictionary lacks; a part is our
 * segment. Whether a part's dictionary holds a word is read once (`mergeTreeTextIndex`, a lookup per word) and
 * kept, a part never changing; a word no active part holds makes the test `0`, which is what it answers on every
 * row. A part written after the search listed the parts is not in its answer for that word, as a log written
 * after a search started is in no answer of it.
 */
import { FIELDS_PAIRS_INDEX, FIELDS_TEXT_INDEX, LOG_INDEXES, MESSAGE_TEXT_INDEX } from '../log-table-schema.js';
import { sqlIdentifier, sqlString } from '../sql-literals.js';
import { FEW_VALUES_TESTS } from './compile/few-values.js';
import {
  ACTIVE_PARTS_COLUMNS,
  activePartsFrom,
  activePartsOf,
  createPartAnswerCache,
  type ActivePart,
  stringsOf,
  type PartAnswerCache,
} from './table-parts.js';

type Run = (sql: string) => Promise<readonly Record<string, unknown>[]>;

/** How many listings a lookup tries while the parts it lists are merged away before their dictionaries are read. */
const LOOKUP_ATTEMPTS = 3;

/** Words kept, over every index (an entry each: how many rows of each part hold it). */
const CACHED_WORDS = 4096;

/** The index over every field but `message`, and its pair index: the tests only field-less queries write. */
const FIELD_LESS_INDEXES = new Set([FIELDS_TEXT_INDEX, FIELDS_PAIRS_INDEX]);

/** True when some part is known to hold the word. */
const holds = (parts: ReadonlyMap<string, PartCount>): boolean => [...parts.values()].some((count) => count.holding > 0);

/** Of one part: how many of its rows hold the word, and how many rows it has. */
interface PartCount {
  readonly holding: number;
  readonly rows: number;
}

interface IndexTest {
  readonly index: string;
  /** `has(<expression>, 'word')` with a literal that needs no escape (analyzer words never do); group 1 the word. */
  readonly pattern: RegExp;
}

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const testSource = (expression: string, word: string): string => `\\bhas\\(${escaped(expression)}, '${word}'\\)`;
const TEXT_INDEXES = LOG_INDEXES.filter((index) => index.type.startsWith('text('));

const INDEX_TESTS: readonly IndexTest[] = TEXT_INDEXES.map((index) => ({
  index: index.name,
  pattern: new RegExp(testSource(index.expression, "([^'\\\\]*)"), 'g'),
}));

/**
 * Where a test was, until the statement is tidied: U+0001 is escaped in every literal (sqlString), so the rules
 * below never touch a user's text. `x OR 0` left in a statement keeps the engine from its index under a NOT
 * (`NOT (has(…) OR 0)` counted in 1.1 s, `NOT has(…)` in 30 ms), so the ORs it ends are taken out.
 */
const ABSENT = '\u0001absent\u0001';
const TIDYING: readonly (readonly [RegExp, string])[] = [
  [new RegExp(`(?<![\\w$])\\(${ABSENT}\\)`, 'g'), ABSENT],
  [new RegExp(`\\(${ABSENT} OR `, 'g'), '('],
  [new RegExp(` OR ${ABSENT}\\)`, 'g'), ')'],
  [new RegExp(` OR ${ABSENT} OR `, 'g'), ' OR '],
];

/** The statement with each absent test's ORs taken out, the tests left (under AND, NOT, in a score) as `0`. */
function tidied(sql: string): string {
  let out = sql;
  for (let before = ''; before !== out;) {
    before = out;
    for (const [rule, by] of TIDYING) out = out.replace(rule, by);
  }
  return out.replaceAll(ABSENT, '0');
}

/**
 * The store's writes into the table (inserts and deletes), where it is the table's only writer (the embedded engine):
 * only an insert can bring a word into the table — a merge or a DELETE writes parts whose dictionaries hold a subset
 * of what the parts they replace held — so a word no part held is held by none until the next insert; and between
 * writes the table holds the same rows, whatever its merges do (word counts, decision 0197). Only the owner of the
 * table's derived state (log-table-state.ts) moves them, in its doors.
 */
export interface TableWrites {
  /** Moved when a write starts and when it ends. */
  generation: number;
  inFlight: number;
}

/** What a store keeps between searches: what each part's dictionaries hold, whether every part has every index yet. */
export interface AbsentTokenState {
  /** By table, index and word: how many rows of each part (by name and creation time) hold it (the cardinality). */
  readonly cache: PartAnswerCache<PartCount>;
  /** Set once no MATERIALIZE INDEX is left to run: a part without an index would answer no word. */
  indexesBuilt: boolean;
  /** Null where other processes may write the table too; read-only here. */
  readonly writes: Readonly<TableWrites> | null;
  /** The parts listed last with no insert running, and the generation they were listed at. */
  lastListing: { readonly generation: number; readonly parts: readonly ActivePart[] } | null;
}

/** `writes`: the generations of the table's writes, where this process makes every one (null where it does not). */
export function createAbsentTokenState(writes: Readonly<TableWrites> | null = null): AbsentTokenState {
  return {
    cache: createPartAnswerCache<PartCount>(CACHED_WORDS),
    indexesBuilt: false,
    writes,
    lastListing: null,
  };
}

/** The parts listed last, where no insert has started since: a word none of them holds is in no part. */
function listingSinceLastInsert(state: AbsentTokenState): readonly ActivePart[] | null {
  const { writes, lastListing } = state;
  if (writes === null || lastListing === null || !state.indexesBuilt) return null;
  return writes.inFlight === 0 && writes.generation === lastListing.generation ? lastListing.parts : null;
}

/**
 * The active parts now; null where no answer can be read from them (none listed, or an index still being built).
 * A listing made while no write ran is kept for partsSinceLastWrite.
 */
function listActiveParts(state: AbsentTokenState, table: string, run: Run): Promise<readonly ActivePart[] | null> {
  const generation = state.writes !== null && state.writes.inFlight === 0 ? state.writes.generation : null;
  const building = state.indexesBuilt
    ? ''
    : `, (SELECT count() FROM system.mutations WHERE database = currentDatabase() AND table = ${sqlString(table)} ` +
      `AND NOT is_done AND position(command, 'MATERIALIZE INDEX') > 0) AS building`;
  return run(`SELECT ${ACTIVE_PARTS_COLUMNS}${building} ${activePartsFrom(table)}`).then(
    ([row]) => {
      if (!state.indexesBuilt && Number(row?.building ?? 1) !== 0) return null;
      state.indexesBuilt = true;
      const parts = activePartsOf(row);
      // Kept only when no write ran during the listing: it then holds every row a write ever stored.
      if (parts !== null && generation !== null && state.writes?.generation === generation) state.lastListing = { generation, parts };
      return parts;
    },
    () => null,
  );
}

/**
 * The parts listed last where no write has run since (a store that is its table's only writer), else listed now.
 * Merges may have replaced some since: the rows are the same, in other parts (a merge keeps every row but those past
 * their retention, which no search sees).
 */
export function partsSinceLastWrite(state: AbsentTokenState, table: string, run: Run): Promise<readonly ActivePart[] | null> {
  const reused = listingSinceLastInsert(state);
  return reused === null ? listActiveParts(state, table, run) : Promise.resolve(reused);
}

const wordKeyOf = (table: string, index: string, word: string): string => [table, index, word].join('\u0000');

const MESSAGE_TEST = INDEX_TESTS.find((test) => test.index === MESSAGE_TEXT_INDEX);
const FIELD_LESS_TESTS = INDEX_TESTS.filter((test) => FIELD_LESS_INDEXES.has(test.index));

/**
 * The largest share of rows whose `message` holds one of `words`, over the parts whose dictionaries were read for it
 * (across accounts: an estimate, not a promise); 0 when no word was looked up yet.
 */
export function messageWordShare(state: AbsentTokenState, table: string, words: readonly string[]): number {
  let best = 0;
  for (const word of words) {
    let holding = 0;
    let rows = 0;
    for (const count of state.cache.get(wordKeyOf(table, MESSAGE_TEXT_INDEX, word))?.values() ?? []) {
      holding += count.holding;
      rows += count.rows;
    }
    if (rows > 0) best = Math.max(best, holding / rows);
  }
  return best;
}

/**
 * The statement with its field-less tests left out (the fields' indexes and the columns of few values), and the
 * fewest rows of any part read that hold one of its `message` words; null when it has no field-less test. Where no
 * test of the statement is under a NOT, its rows are a subset of the statement's (the `message` side of each
 * field-less word), answered from one index and no column.
 */
export function messageSubset(state: AbsentTokenState, table: string, sql: string): { sql: string; postings: number } | null {
  const marked = [...FIELD_LESS_TESTS.map((test) => test.pattern), ...FEW_VALUES_TESTS].reduce(
    (out, test) => out.replace(test, ABSENT),
    sql,
  );
  if (marked === sql || MESSAGE_TEST === undefined) return null;
  const subset = tidied(marked);
  const words = [...subset.matchAll(MESSAGE_TEST.pattern)].map((match) => match[1] ?? '');
  const postingsOf = (word: string): number =>
    [...(state.cache.get(wordKeyOf(table, MESSAGE_TEXT_INDEX, word))?.values() ?? [])].reduce((sum, count) => sum + count.holding, 0);
  return { sql: subset, postings: words.length === 0 ? 0 : Math.min(...words.map(postingsOf)) };
}

export interface AbsentTokenDeps {
  readonly table: string;
  readonly run: Run;
  readonly state: AbsentTokenState;
}

/**
 * The statement rewriter of one search: in a statement with a field-less test, each word test of a text index
 * that no active part's dictionary holds becomes `0`. Where it cannot tell — no parts listed (a distributed
 * table), an index still being built by the upgrade's mutation, the engine refused the lookup — the test stays.
 * A word some part held once keeps its test with no look at the parts: a test left in is always right.
 */
export function absentTokenAnswers(deps: AbsentTokenDeps): (sql: string) => Promise<string> {
  const { table, run, state } = deps;
  let listed: Promise<readonly ActivePart[] | null> | null = null;
  const answers = new Map<string, Promise<boolean>>();
  const listParts = (): Promise<readonly ActivePart[] | null> => listActiveParts(state, table, run);

  /** The parts as the search first lists them, once for all its lookups; the last listing while nothing was inserted. */
  function activeParts(): Promise<readonly ActivePart[] | null> {
    listed ??= partsSinceLastWrite(state, table, run);
    return listed;
  }

  const wordKey = (index: string, word: string): string => wordKeyOf(table, index, word);

  /** For each word, whether some active part's `index` holds it (true wherever that cannot be told). */
  async function lookUp(index: string, words: readonly string[]): Promise<boolean[]> {
    const keys = words.map((word) => wordKey(index, word));
    const seen = keys.map((key) => state.cache.get(key) ?? new Map<string, PartCount>());
    // A word some part held once keeps its test with no look at the parts: a test left in is always right.
    if (seen.every(holds)) return words.map(() => true);
    // Parts merge all the time while logs stream in: a read that missed a merged part is tried again on the parts
    // that replaced it.
    for (let attempt = 0; attempt < LOOKUP_ATTEMPTS; attempt += 1) {
      const parts = attempt === 0 ? await activeParts() : await listParts();
      if (parts === null) return words.map(() => true);
      const unread = parts.filter((part) => seen.some((known) => !known.has(part.key)));
      if (unread.length > 0 && !(await readDictionaries(index, words, unread, seen))) continue;
      const active = new Set(parts.map((part) => part.key));
      return seen.map((known, i) => {
        const kept = new Map([...known].filter(([part]) => active.has(part)));
        state.cache.set(keys[i] ?? '', kept);
        return holds(kept);
      });
    }
    return words.map(() => true);
  }

  /**
   * How many rows of each of `parts` hold each word, into `seen`; false (nothing recorded) when a part was merged away
   * before its dictionary was read: it gives no row, as if it held none of the words, while its rows are in a part
   * not listed. The engine computes a scalar subquery before the statement around it: the parts still active after
   * the read were active during it.
   */
  async function readDictionaries(
    index: string,
    words: readonly string[],
    parts: readonly ActivePart[],
    seen: readonly Map<string, PartCount>[],
  ): Promise<boolean> {
    const names = parts.map((part) => sqlString(part.name)).join(', ');
    const [read] = await run(
      `SELECT (SELECT groupArray([part_name, token, toString(cardinality)]) FROM mergeTreeTextIndex(currentDatabase(), ` +
        `${sqlIdentifier(table)}, ${sqlIdentifier(index)}) WHERE part_name IN (${names}) AND token IN (${words.map(sqlString).join(', ')})) AS found, ` +
        `${ACTIVE_PARTS_COLUMNS} ${activePartsFrom(table)} AND name IN (${names})`,
    );
    const stillActive = new Set(activePartsOf(read)?.map((part) => part.key));
    if (parts.some((part) => !stillActive.has(part.key))) return false;
    const entries: unknown[] = Array.isArray(read?.found) ? read.found : [];
    const found = new Map(
      entries.map((entry) => {
        const [part, token, cardinality] = stringsOf(entry) ?? [];
        return [`${part ?? ''}\u0000${token ?? ''}`, Number(cardinality)];
      }),
    );
    words.forEach((word, i) => {
      for (const part of parts) seen[i]?.set(part.key, { holding: found.get(`${part.name}\u0000${word}`) ?? 0, rows: part.rows });
    });
    return true;
  }

  function ask(index: string, words: readonly string[]): void {
    const unknown = [...new Set(words)].filter((word) => !answers.has(wordKey(index, word)));
    if (unknown.length === 0) return;
    const found = lookUp(index, unknown).catch(() => unknown.map(() => true));
    unknown.forEach((word, i) =>
      answers.set(
        wordKey(index, word),
        found.then((all) => all[i] ?? true),
      ),
    );
  }

  return async (sql) => {
    if (!INDEX_TESTS.some((test) => FIELD_LESS_INDEXES.has(test.index) && sql.search(test.pattern) !== -1)) return sql;
    for (const test of INDEX_TESTS)
      ask(
        test.index,
        [...sql.matchAll(test.pattern)].map((match) => match[1] ?? ''),
      );
    const held = new Map<string, boolean>();
    for (const [key, answer] of answers) held.set(key, await answer);
    const marked = INDEX_TESTS.reduce(
      (out, test) => out.replace(test.pattern, (whole, word: string) => (held.get(wordKey(test.index, word)) === false ? ABSENT : whole)),
      sql,
    );
    return marked === sql ? sql : tidied(marked);
  };
}
