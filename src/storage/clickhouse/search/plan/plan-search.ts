/**
 * A search planned once, as data (decision 0730): compile the scope, the query and the post_filter in one pass that
 * also notes the facts the speed rules decide on (compile/predicate-facts.ts), then choose the row sets, the page,
 * the count and the aggregations' rows, each choice made by its rule's own test (../rules/). Nothing runs here;
 * what a rule can only tell from what earlier statements learned (a word's share of logs, its postings) is decided
 * by the executor when it gets there.
 */
import type { LogSearchQuery } from '../../../log-store.js';
import type { LookupMembers } from '../../../../query/index.js';
import { SOURCE_SELECT_SQL } from '../../source-of-row.js';
import { canCountHits } from '../aggregations/aggregation-runner.js';
import { CompileContext, type FieldRows, type QueryHelpers, type TextRows } from '../compile/compile-context.js';
import { indexSupersetSql } from '../compile/index-superset.js';
import { isMonotone } from '../compile/monotone.js';
import { compilePredicate, compileQuery } from '../compile/query-compiler.js';
import { requiredTests } from '../compile/required-tests.js';
import { scopeWhereSql, wholeDaysScopeSql } from '../compile/scope-sql.js';
import { wordWindow } from '../compile/word-window.js';
import type { FieldCatalog } from '../fields/field-access.js';
import type { HitsQuery } from '../hits/hits-sql.js';
import { equalScoresPlan, isTimestampKey, searchAfterSql, sortPlan, usesScore } from '../hits/sort-sql.js';
import { readsDayCounts } from '../rules/day-counts.js';
import { readsPageDirectly } from '../rules/direct-page.js';
import { countsSubsetFirst } from '../rules/message-subset.js';
import { oneTestCountSettings } from '../rules/one-test-count.js';
import { splitsOnPlainFields } from '../rules/plain-fields-rows.js';
import { splitsOnPlainMessages } from '../rules/plain-message-rows.js';
import type { SearchRules } from '../rules/search-rules.js';
import { aggregatesSplitRows } from '../rules/split-aggregations.js';
import { boundsByTimestamp } from '../rules/timestamp-bound.js';
import { pagesByTimestamp } from '../rules/timestamp-page.js';
import { ranksFromBestScore } from '../rules/top-score-page.js';
import { countsFromWords } from '../rules/word-counts.js';
import { windowCandidate } from '../rules/word-window.js';
import { countedWord } from '../word-counts/counted-word.js';
import { rowSetsSql } from './render-statements.js';
import type { AggregationSource, CountStatement, CountStrategy, PageStrategy, RowSets, SearchPlan, SortedPage } from './search-plan.js';

export interface PlanInputs {
  readonly query: LogSearchQuery;
  readonly table: string;
  readonly catalog: FieldCatalog;
  readonly helpers: QueryHelpers;
  /** Engine Set tables of the big lookup lists (lookup-sets); empty to inline every list. */
  readonly lookupTables: ReadonlyMap<LookupMembers, string>;
  readonly rules: SearchRules;
  /** The store keeps word counts (decision 0197): word-counts can answer. */
  readonly wordCounts: boolean;
}

const RANKED_ALL_FIELDS_SETTINGS = { query_plan_direct_read_from_text_index: 0 } as const;

/** `track_total_hits: false` (or below 0): no count at all. */
export const UNTRACKED = -1;

/** The bound of the count: null to count every match (`true`), UNTRACKED, or how many to count at most. */
export function countBound(trackTotalHits: boolean | number): number | null {
  if (trackTotalHits === true) return null;
  return trackTotalHits === false || trackTotalHits < 0 ? UNTRACKED : trackTotalHits;
}

/** A scope of accounts and a window alone: no log types, no principal's filter, no scroll snapshot. */
const plainScope = (query: LogSearchQuery): boolean =>
  query.receivedAtMostMs === null && query.scope.types === null && query.scope.filter === null;

export function planSearch(inputs: PlanInputs): SearchPlan {
  const { query, table, catalog, helpers, lookupTables, rules } = inputs;
  const { request } = query;
  const context = new CompileContext(catalog, helpers, 'any', lookupTables);
  const compiled = context.noted(() => {
    const scope = scopeWhereSql(context, query.scope, query.receivedAtMostMs);
    const main = compilePredicate(context, request.query);
    const post = request.postFilter === null ? null : compileQuery(context, request.postFilter).where;
    return { scope, main, post };
  });
  const { scope, main, post } = compiled.value;
  const { facts } = compiled;
  // Ranked by relevance (no sort given) where every match scores the same, the order is the tie-breakers'.
  const equalScores = request.sort.length === 0 && request.searchAfter === null && main.constantScore === true;
  const sort = equalScores ? equalScoresPlan() : sortPlan(catalog, request.sort);
  const scoring = equalScores || usesScore(sort.keys) || request.trackScores;
  // match_all compiles to `1`: left out, the statement is the plain scope the engine counts from the primary key.
  const tests = [main.where, post].filter((where): where is string => where !== null && where !== '1');
  const matched = [scope, ...tests].join(' AND ');

  const paging: string[] = [];
  if (request.searchAfter !== null) paging.push(searchAfterSql(sort.keys.slice(0, sort.visible), request.searchAfter, null));
  if (query.after !== null) paging.push(searchAfterSql(sort.keys, query.after.values, query.after.id));
  const offset = query.after === null ? request.from : 0;
  const matchedOn = (textRows: TextRows, fieldRows: FieldRows = 'any'): string => {
    const on = new CompileContext(catalog, helpers, textRows, lookupTables, fieldRows, context.pending);
    const parts = [scope, compileQuery(on, request.query).where];
    if (request.postFilter !== null) parts.push(compileQuery(on, request.postFilter).where);
    return parts.join(' AND ');
  };
  // Rule index-superset: index tests every match passes, leading the statements that also read values.
  const superset = rules.on('index-superset') ? indexSupersetSql(context, request.query) : null;
  const led = (where: string): string => (superset === null ? where : `${superset} AND ${where}`);
  // Plain and other rows apart only where their text tests differ: every branch reads the text indexes again.
  // Rule plain-fields-rows: with field-less tests, plain rows are those whose fields are plain too, and the
  // others (a few per cent of real logs) keep every exact check, led by the superset.
  const plainFields = rules.on('plain-fields-rows') && splitsOnPlainFields(facts);
  const plainMessages = rules.on('plain-message-rows') && splitsOnPlainMessages(facts);
  const onPlain = plainFields ? matchedOn('plain', 'plain') : plainMessages ? matchedOn('plain') : null;
  const onOther = onPlain === null ? null : plainFields ? matched : matchedOn('other');
  // A test noted under a clause the compiler then dropped writes the same predicate on both: no split then.
  const split =
    onPlain !== null && onOther !== null && onPlain !== onOther
      ? { by: plainFields ? ('message-and-fields' as const) : ('message' as const), plain: onPlain, other: led(onOther) }
      : null;
  const rows: RowSets = { all: matched, scopeOnly: tests.length === 0, split };
  const rowSets = rowSetsSql(rows);

  const keyColumns = sort.keys.map((key, i) => `${key.expression === '_score' ? '_score' : key.expression} AS __s${i}`);
  const hits: HitsQuery = {
    table,
    keys: sort.keys,
    // Scores need the statistics of one WITH clause over one SELECT: scored pages keep one branch.
    branches: (scoring ? [matched] : rowSets).map((where) => [where, ...paging].join(' AND ')),
    select: `id, account, ${SOURCE_SELECT_SQL}, ${scoring ? main.score : '0'} AS _score, ${keyColumns.join(', ')}`,
    size: request.size,
    offset,
  };

  const sortedPage = (): SortedPage => {
    const [first] = sort.keys;
    const only = sort.keys.length === 1 ? first : undefined;
    if (only !== undefined && rules.on('timestamp-page') && pagesByTimestamp(isTimestampKey(only), scoring)) {
      // Rule word-window: a word most logs hold has its first page in the newest rows of the scope (decision 0189).
      const words = wordWindow(request.query);
      const window =
        rules.on('word-window') && windowCandidate(paging.length > 0, request.postFilter !== null, words.words.length)
          ? {
              words: words.words,
              within: [scope, ...words.within.map((range) => compileQuery(context, range).where)].join(' AND '),
              test: main.where,
            }
          : null;
      const direct = rules.on('direct-page') && readsPageDirectly(hits.branches.length, facts);
      return { kind: 'timestamp-page', descending: only.descending, direct, window };
    }
    if (first !== undefined && rules.on('timestamp-bound') && boundsByTimestamp(isTimestampKey(first))) {
      return { kind: 'timestamp-bound', boundBranches: rowSets.map((where) => [where, ...paging].join(' AND ')) };
    }
    return { kind: 'plain' };
  };
  const topScore =
    rules.on('top-score-page') &&
    ranksFromBestScore({
      equalScores,
      sorted: request.sort.length > 0,
      paged: request.searchAfter !== null || query.after !== null,
      from: request.from,
      size: request.size,
      aggregations: request.aggregations.length > 0,
    });
  const page: PageStrategy = topScore
    ? { kind: 'top-score', otherwise: sortedPage() }
    : request.size === 0
      ? { kind: 'none' }
      : sortedPage();

  const bound = countBound(request.trackTotalHits);
  const limit = bound === null || rows.scopeOnly ? null : bound + 1;
  const testCount = requiredTests(request.query) + (request.postFilter === null ? 0 : requiredTests(request.postFilter));
  const statement: CountStatement = {
    limit,
    // The other rows' statement is led by the superset: PREWHERE is what evaluates it first (decision 0622).
    settings: rules.on('one-test-count') ? oneTestCountSettings(testCount, split !== null && superset !== null) : undefined,
  };
  const countsHits = post === null && canCountHits(request.aggregations);
  const count = ((): CountStrategy => {
    if (bound === UNTRACKED) return { kind: 'none' };
    if (topScore) return { kind: 'top-score' };
    if (countsHits) return { kind: 'from-aggregations', otherwise: statement };
    const monotone = isMonotone(request.query) && (request.postFilter === null || isMonotone(request.postFilter));
    // Rule message-subset (decision 0188): with no test under a NOT, the rows the `message` side of field-less
    // words holds are a subset of the match, counted from one index instead of two.
    const base: CountStrategy =
      rules.on('message-subset') && countsSubsetFirst(limit, monotone)
        ? { kind: 'message-subset', statement }
        : { kind: 'statement', statement };
    // Rule word-counts (decision 0197): a one-word search's exact total from the per-part word counts.
    const counted =
      inputs.wordCounts && rules.on('word-counts') && countsFromWords(bound === null, post !== null, plainScope(query))
        ? countedWord(request.query)
        : null;
    return counted === null ? base : { kind: 'word-counts', counted, otherwise: base };
  })();

  const aggregations: AggregationSource | null =
    request.aggregations.length === 0
      ? null
      : {
          // Rule split-aggregations: the two row sets (without post_filter exactly the aggregations' rows), each
          // with its own tests, read as one.
          rows:
            split !== null && rules.on('split-aggregations') && aggregatesSplitRows(true, post !== null)
              ? { kind: 'split' }
              : { kind: 'table', where: led(`${scope} AND ${main.where}`) },
          // Whole days of everything (match_all): what the day-counts projection holds.
          wholeDaysWhere:
            rules.on('day-counts') && readsDayCounts(main.where === '1') ? wholeDaysScopeSql(query.scope, query.receivedAtMostMs) : null,
          countsHits,
          // Rule field-presence: which fields hold a value, from each map's keys read once (decision 0785).
          fieldPresence: rules.on('field-presence'),
        };

  return {
    table,
    scope,
    main,
    post,
    facts,
    indexSuperset: superset,
    rows,
    sort,
    scoring,
    hits,
    // The engine drops the inputs of an all-fields index test it answers from the index while the score still
    // reads them ("Not found column"): a ranked statement over that index tests its rows by the expression.
    rankedSettings: scoring && main.facts.usesPlainColumns.fields ? RANKED_ALL_FIELDS_SETTINGS : undefined,
    page,
    count,
    aggregations,
    context,
    pending: context.pending,
  };
}
