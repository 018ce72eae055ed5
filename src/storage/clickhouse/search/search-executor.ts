/**
 * LogStore.search on ClickHouse: scope → compile → (stats for relevance) → hits, total and aggregations in
 * parallel → Elasticsearch-shaped parts. Every statement starts its WHERE with the scope (scope-sql.ts).
 */
import type { LogHit, LogSearchQuery, LogSearchResult, SortValue } from '../../log-store.js';
import type { SearchCatalogField } from '../field-catalog.js';
import { SOURCE_SELECT_SQL, sourceOfRow, type StoredSourceRow } from '../source-of-row.js';
import { FIELDS_PLAIN_COLUMN, MESSAGE_PLAIN_COLUMN } from '../log-table-schema.js';
import { sqlNumber, sqlString } from '../sql-literals.js';
import type { ClickHouseTransport } from '../transport.js';
import type { PendingSource } from './aggregations/metrics.js';
import { canCountHits, runAggregations } from './aggregations/aggregation-runner.js';
import {
  CompileContext,
  scoreLiterals,
  withoutScoreStats,
  withScoreStats,
  type FieldRows,
  type QueryHelpers,
  type TextRows,
} from './compile/compile-context.js';
import { toSearchError } from './engine-error.js';
import { FieldCatalog } from './fields/field-access.js';
import { highlightHit } from './hits/highlight.js';
import { compileQuery } from './compile/query-compiler.js';
import { scopeBoundsSql, scopeWhereSql, wholeDaysScopeSql } from './compile/scope-sql.js';
import { createFewValueAnswerCache, type FewValueAnswerCache } from './few-value-answers.js';
import { createTokenDictionaryCache, type TokenDictionaryCache } from './dictionary-answers.js';
import { createAbsentTokenState, messageSubset, messageWordShare, partsSinceLastWrite, type AbsentTokenState } from './absent-tokens.js';
import { answeringRun, type StatementAnswerCaches } from './statement-answers.js';
import { isMonotone } from './compile/monotone.js';
import { requiredTests } from './compile/required-tests.js';
import { wordWindow } from './compile/word-window.js';
import { countedWord } from './word-counts/counted-word.js';
import type { WordCountReads } from './word-counts/word-count-cache.js';
import { wordCountTotal } from './word-counts/word-count-total.js';
import { hitsSql, timestampBoundSql, type HitsQuery } from './hits/hits-sql.js';
import { equalScoresPlan, isTimestampKey, searchAfterSql, sortPlan, usesScore } from './hits/sort-sql.js';
import { timestampPage, type PageWindow } from './hits/timestamp-page.js';
import { topScorePage } from './hits/top-score-page.js';
import { filterSource, pickFields } from './hits/source-filter.js';
import { createPrioritisedRuns, laneOf, type PrioritisedRuns, type Run } from './statement-priority.js';
import { isMissingLookupSet, type LookupSets } from './lookup-sets.js';
import type { LookupMembers } from '../../../query/index.js';
import { ALL_SEARCH_RULES_ON, type SearchRules } from './rules/search-rules.js';
import { indexSupersetSql } from './compile/index-superset.js';

export interface SearchExecutorDeps {
  readonly transport: ClickHouseTransport;
  readonly table: string;
  readonly readCatalog: (accountIds: readonly number[]) => Promise<ReadonlyMap<number, readonly SearchCatalogField[]>>;
  readonly helpers: QueryHelpers;
  /** The store's one priority gate (a new one when absent). */
  readonly runs?: PrioritisedRuns;
  /** Engine sets of big lookup lists; without it every list is inlined. */
  readonly lookupSets?: LookupSets;
  /** What token patterns found in each part (the store's one; a new one when absent). */
  readonly tokenDictionaries?: TokenDictionaryCache;
  /** Which words each part's dictionaries hold (the store's one; a new one when absent). */
  readonly absentTokens?: AbsentTokenState;
  /** Which listed values of the columns of few values pass a pattern (the store's one; a new one when absent). */
  readonly fewValues?: FewValueAnswerCache;
  /** False where the table's parts are on other servers (a Distributed table): no answers read from parts. */
  readonly partsHere?: boolean;
  /** The word counts (decision 0197) where the store keeps them. */
  readonly wordCounts?: WordCountReads;
  /** The speed rules applied (all where absent; search/rules/search-rules.ts). */
  readonly rules?: SearchRules;
}

/** A scope of accounts and a window alone: no log types, no principal's filter, no scroll snapshot. */
const plainScope = (query: LogSearchQuery): boolean =>
  query.receivedAtMostMs === null && query.scope.types === null && query.scope.filter === null;

type Row = Record<string, unknown>;

/**
 * A count reads no column but its condition's. Where that condition is one test (a word, an OR of words, a NOT),
 * PREWHERE has no rows to drop before reading another test's columns, and its step costs: at 10M, a common word's
 * count −13 to −20 % without it; the scope alone (answered from the primary key) −0.2 to −0.3 ms of 4–5 ms. Two
 * tests keep it (`refused AND level:ERROR`: +25 % without it, reading `level` for every row the word's index kept).
 */
const ONE_TEST_COUNT_SETTINGS = { optimize_move_to_prewhere: 0 } as const;
const RANKED_ALL_FIELDS_SETTINGS = { query_plan_direct_read_from_text_index: 0 } as const;
/** A condition that reads the `message` column (as `message`, never inside another name such as `message_plain`). */
const READS_MESSAGE = /\bmessage\b/;

/**
 * A bounded count tries the rows of its `message` words alone first when each of them is held by this many times
 * the bound's rows in the parts read (across accounts: an estimate, not a promise).
 */
const SUBSET_FIRST_POSTINGS_PER_BOUND = 16;

/**
 * A first page by timestamp reads this many times the rows its matches would fill at the share of logs its most
 * common word holds (decision 0189), and at most WINDOW_ROWS_MAX: past that, reading and testing the window costs
 * about what the index does.
 */
const WINDOW_MARGIN = 2;
const WINDOW_ROWS_MAX = 512;

/** `track_total_hits: false` (or below 0): no count at all. */
const UNTRACKED = -1;

/** The bound of the count: null to count every match (`true`), UNTRACKED, or how many to count at most. */
function countBound(trackTotalHits: boolean | number): number | null {
  if (trackTotalHits === true) return null;
  return trackTotalHits === false || trackTotalHits < 0 ? UNTRACKED : trackTotalHits;
}

/** The total as Elasticsearch reports a bounded count: the bound itself, `gte`, once more match. */
function reportedTotal(total: number, bound: number | null): Pick<LogSearchResult, 'total' | 'totalRelation'> {
  if (bound === UNTRACKED) return { total: 0, totalRelation: 'untracked' };
  return bound !== null && total > bound ? { total: bound, totalRelation: 'gte' } : { total };
}

export function createSearchExecutor(deps: SearchExecutorDeps): (query: LogSearchQuery) => Promise<LogSearchResult> {
  const { transport, table } = deps;
  const rules = deps.rules ?? ALL_SEARCH_RULES_ON;
  const runs = deps.runs ?? createPrioritisedRuns(transport);
  const absentTokens = deps.absentTokens ?? createAbsentTokenState();
  const caches: StatementAnswerCaches = {
    tokenDictionaries: deps.tokenDictionaries ?? createTokenDictionaryCache(),
    fewValues: deps.fewValues ?? createFewValueAnswerCache(),
    absentTokens,
    ...(deps.partsHere === undefined ? {} : { partsHere: deps.partsHere }),
  };
  async function fillPendingSources(run: Run, scope: string, pending: readonly PendingSource[]): Promise<void> {
    if (pending.length === 0) return;
    const ids = [...new Set(pending.map((p) => p.id))];
    const rows = await run(
      `SELECT id, ${SOURCE_SELECT_SQL} FROM ${table} WHERE ${scope} AND id IN (${ids.map(sqlString).join(', ')}) LIMIT ${sqlNumber(ids.length)}`,
    );
    const byId = new Map(
      rows.map((row) => [String(row.id), JSON.parse(sourceOfRow(row as unknown as StoredSourceRow)) as Record<string, unknown>]),
    );
    for (const p of pending) {
      const stored = byId.get(p.id);
      p.hit._source = stored === undefined ? null : filterSource(stored, p.filter);
    }
  }

  return function search(query: LogSearchQuery): Promise<LogSearchResult> {
    return runs(laneOf(query.scope, query.background, query.signal), async (run) => {
      try {
        return await execute(query, run);
      } catch (error) {
        if (deps.lookupSets === undefined || !isMissingLookupSet(error)) throw error;
        deps.lookupSets.forgetAll();
        return execute(query, run);
      }
    });
  };

  async function execute(query: LogSearchQuery, runStatement: Run): Promise<LogSearchResult> {
    const { request } = query;
    const run = answeringRun({ table, scopeBounds: scopeBoundsSql(query.scope), run: runStatement, caches, rules });
    try {
      const catalogs = await deps.readCatalog(query.scope.accounts.map((a) => a.accountId));
      const catalog = new FieldCatalog(catalogs.values());
      // Rule lookup-sets: big lists as engine sets; off (or without sets), every list is inlined.
      const lookupSets = rules.on('lookup-sets') ? deps.lookupSets : undefined;
      const lookupTables = (await lookupSets?.tablesFor([request.query, request.postFilter])) ?? new Map<LookupMembers, string>();
      const context = new CompileContext(catalog, deps.helpers, 'any', lookupTables);
      const scope = scopeWhereSql(context, query.scope, query.receivedAtMostMs);
      const main = compileQuery(context, request.query);
      const post = request.postFilter === null ? null : compileQuery(context, request.postFilter).where;
      // Ranked by relevance (no sort given) where every match scores the same, the order is the tie-breakers'.
      const equalScores = request.sort.length === 0 && request.searchAfter === null && main.constantScore === true;
      const plan = equalScores ? equalScoresPlan() : sortPlan(catalog, request.sort);
      const scoring = equalScores || usesScore(plan.keys) || request.trackScores;
      // match_all compiles to `1`: left out, the statement is the plain scope the engine counts from the primary key.
      const matched = [scope, ...[main.where, post].filter((where): where is string => where !== null && where !== '1')].join(' AND ');
      const scoreSql = scoring ? main.score : '0';

      const paging: string[] = [];
      if (request.searchAfter !== null) paging.push(searchAfterSql(plan.keys.slice(0, plan.visible), request.searchAfter, null));
      if (query.after !== null) paging.push(searchAfterSql(plan.keys, query.after.values, query.after.id));
      const keyColumns = plan.keys.map((key, i) => `${key.expression === '_score' ? '_score' : key.expression} AS __s${i}`);
      const offset = query.after === null ? request.from : 0;
      const matchedOn = (rows: TextRows, fieldRows: FieldRows = 'any'): string => {
        const on = new CompileContext(catalog, deps.helpers, rows, lookupTables, fieldRows);
        const parts = [scope, compileQuery(on, request.query).where];
        if (request.postFilter !== null) parts.push(compileQuery(on, request.postFilter).where);
        return parts.join(' AND ');
      };
      // Rule index-superset: index tests every match passes, leading the statements that also read values.
      const superset = rules.on('index-superset') ? indexSupersetSql(context, request.query) : null;
      const led = (where: string): string => (superset === null ? where : `${superset} AND ${where}`);
      // Plain and other rows apart only where their text tests differ: every branch reads the text indexes again,
      // and a field-less test names the column inside the fields index's expression whatever the messages are.
      // Rule plain-fields-rows: with field-less tests, plain rows are those whose fields are plain too, and the
      // others (a few per cent of real logs) keep every exact check, led by the superset.
      const plainFields = rules.on('plain-fields-rows') && matched.includes(FIELDS_PLAIN_COLUMN);
      const plainMessages = rules.on('plain-message-rows') && matched.includes(MESSAGE_PLAIN_COLUMN);
      const onPlain = plainFields ? matchedOn('plain', 'plain') : plainMessages ? matchedOn('plain') : null;
      const onOther = onPlain === null ? null : plainFields ? matched : matchedOn('other');
      const splitText = onPlain !== null && onOther !== null && onPlain !== onOther;
      const plainClass = plainFields ? `${MESSAGE_PLAIN_COLUMN} = 1 AND ${FIELDS_PLAIN_COLUMN} = 1` : `${MESSAGE_PLAIN_COLUMN} = 1`;
      const otherClass = plainFields ? `(${MESSAGE_PLAIN_COLUMN} = 0 OR ${FIELDS_PLAIN_COLUMN} = 0)` : `${MESSAGE_PLAIN_COLUMN} = 0`;
      const plainRows = splitText ? `${plainClass} AND ${onPlain}` : matched;
      const otherRows = splitText ? `${otherClass} AND ${led(onOther)}` : matched;
      const rowSets = splitText ? [plainRows, otherRows] : [matched];
      const pageQuery: HitsQuery = {
        table,
        keys: plan.keys,
        // Scores need the statistics of one WITH clause over one SELECT: scored pages keep one branch.
        branches: (scoring ? [matched] : rowSets).map((where) => [where, ...paging].join(' AND ')),
        select: `id, account, ${SOURCE_SELECT_SQL}, ${scoreSql} AS _score, ${keyColumns.join(', ')}`,
        size: request.size,
        offset,
      };
      // The first page ranked by scores that differ between matches: from the best score down, when a page shares it.
      const ranksFirstPage =
        rules.on('top-score-page') &&
        !equalScores &&
        request.sort.length === 0 &&
        request.searchAfter === null &&
        query.after === null &&
        request.from === 0 &&
        request.size > 0 &&
        request.aggregations.length === 0;
      // Read once here, the statistics serve every ranked statement of the search as literals.
      const literal = ranksFirstPage ? await scoreLiterals(context, table, scope, (sql) => run(sql)) : null;
      // The engine drops the inputs of an all-fields index test it answers from the index while the score still
      // reads them ("Not found column"): a ranked statement over that index tests its rows by the expression.
      const ranked = scoring && main.where.includes(FIELDS_PLAIN_COLUMN) ? RANKED_ALL_FIELDS_SETTINGS : undefined;
      // A word most logs hold: its first page is in the newest rows of the scope, tested one by one (decision 0189).
      const pageWindow = (): PageWindow | null => {
        if (paging.length > 0 || request.postFilter !== null || !rules.on('word-window')) return null;
        const words = wordWindow(request.query);
        const share = messageWordShare(absentTokens, table, words.words);
        const rows = share === 0 ? Infinity : Math.ceil((WINDOW_MARGIN * (offset + request.size + 1)) / share);
        if (rows > WINDOW_ROWS_MAX) return null;
        return {
          within: [scope, ...words.within.map((range) => compileQuery(context, range).where)].join(' AND '),
          test: main.where,
          rows,
        };
      };
      const runHits = async (): Promise<Row[]> => {
        const only = plan.keys.length === 1 ? plan.keys[0] : undefined;
        if (only !== undefined && isTimestampKey(only) && !scoring && rules.on('timestamp-page')) {
          // Rows are cheap to read where testing them reads no `message` (a text test would, for every candidate).
          const direct =
            rules.on('direct-page') && pageQuery.branches.length === 1 && !pageQuery.branches.some((where) => READS_MESSAGE.test(where));
          return timestampPage({ ...pageQuery, descending: only.descending, scope, direct, window: pageWindow() }, (sql, settings) =>
            run(withoutScoreStats(sql), settings),
          );
        }
        const boundSql = !rules.on('timestamp-bound')
          ? null
          : timestampBoundSql({
              ...pageQuery,
              branches: rowSets.map((where) => withoutScoreStats([where, ...paging].join(' AND '))),
            });
        const boundRow = boundSql === null ? undefined : (await run(boundSql))[0];
        const sql = hitsSql(pageQuery, boundRow === undefined ? null : Number(boundRow.__bound));
        const withStats = literal ?? ((statement: string) => withScoreStats(statement, context, table, scope));
        return run(scoring ? withStats(sql) : withoutScoreStats(sql), ranked);
      };

      const pendingSources: PendingSource[] = [];
      const bound = countBound(request.trackTotalHits);
      // Counted apart, plain rows never read `message`: the text index alone decides their words. A bounded count
      // stops reading past the bound; the bare scope is counted from the primary key, which is cheaper still.
      const limit = bound === null || matched === scope ? null : bound + 1;
      const countOf = (where: string): string =>
        limit === null ? `${table} WHERE ${where}` : `(SELECT 1 FROM ${table} WHERE ${where} LIMIT ${limit})`;
      const countSql = splitText
        ? `SELECT (SELECT count() FROM ${countOf(plainRows)}) + (SELECT count() FROM ${countOf(otherRows)}) AS n`
        : `SELECT count() AS n FROM ${countOf(matched)}`;
      // Without post_filter, the aggregations see exactly the hits: they can count them on the way.
      const countWithMetrics = post === null && canCountHits(request.aggregations);
      const monotone = isMonotone(request.query) && (request.postFilter === null || isMonotone(request.postFilter));
      const tests = requiredTests(request.query) + (request.postFilter === null ? 0 : requiredTests(request.postFilter));
      // The other rows' statement is led by the superset: PREWHERE is what evaluates it first (decision 0622), and
      // without it a common word's count read every value of the window (2.1 s of CPU instead of 0.12 s at 1.5M).
      const ledOther = splitText && superset !== null;
      const countSettings = rules.on('one-test-count') && tests <= 1 && !ledOther ? ONE_TEST_COUNT_SETTINGS : undefined;
      // A field-less word held by most logs (decision 0188): with no test under a NOT, the rows its `message` side
      // holds are a subset of the match, counted from one index instead of two; once they reach the bound, so does
      // the match. Short of it, the whole count runs after all.
      // A one-word search's exact total from the word counts (decision 0197): null where they cannot answer.
      const countedFromWords = async (): Promise<number | null> => {
        const cache = deps.wordCounts;
        if (cache === undefined || bound !== null || post !== null || !plainScope(query)) return null;
        const counted = countedWord(request.query);
        if (counted === null) return null;
        const { accounts, toMs } = query.scope;
        const parts = () => partsSinceLastWrite(absentTokens, table, run);
        return wordCountTotal({ logsTable: table, counted, accounts, toMs, matched, parts, cache, run, settings: countSettings });
      };
      const countMatches = async (): Promise<Row[]> => {
        const fromWords = rules.on('word-counts') ? await countedFromWords() : null;
        if (fromWords !== null) return [{ n: fromWords }];
        const subset = limit !== null && monotone && rules.on('message-subset') ? messageSubset(absentTokens, table, countSql) : null;
        if (subset !== null && limit !== null && subset.postings >= SUBSET_FIRST_POSTINGS_PER_BOUND * limit) {
          const [row] = await run(subset.sql, countSettings);
          if (Number(row?.n ?? 0) >= limit) return [{ n: limit }];
        }
        return run(countSql, countSettings);
      };
      const best =
        literal === null
          ? null
          : await topScorePage({
              table,
              where: literal(matched),
              score: literal(scoreSql),
              select: literal(pageQuery.select),
              size: request.size,
              run,
              ...(ranked === undefined ? {} : { settings: ranked }),
            });
      const [rows, counted, aggregated] = await Promise.all([
        best?.rows ?? (request.size === 0 ? Promise.resolve([]) : runHits()),
        best !== null
          ? Promise.resolve([{ n: best.total }])
          : countWithMetrics || bound === UNTRACKED
            ? Promise.resolve(null)
            : countMatches(),
        request.aggregations.length === 0
          ? Promise.resolve(null)
          : runAggregations(
              {
                context,
                run: (sql) => run(withoutScoreStats(sql)),
                // Rule split-aggregations: the two row sets of the split (without post_filter they are exactly the
                // aggregations' rows), each with its own tests, read as one.
                ...(splitText && post === null && rules.on('split-aggregations')
                  ? { table: `(SELECT * FROM ${table} WHERE ${plainRows} UNION ALL SELECT * FROM ${table} WHERE ${otherRows})`, where: '1' }
                  : { table, where: led(`${scope} AND ${main.where}`) }),
                // Whole days of everything (match_all): what the day-counts projection holds.
                wholeDaysWhere:
                  main.where === '1' && rules.on('day-counts') ? wholeDaysScopeSql(query.scope, query.receivedAtMostMs) : null,
                pendingSources,
              },
              request.aggregations,
              countWithMetrics,
            ),
      ]);
      let total: number;
      if (bound === UNTRACKED) total = 0;
      else if (counted !== null) total = Number(counted[0]?.n ?? 0);
      else if (aggregated !== null && aggregated.total !== null) total = aggregated.total;
      // The histogram was cut short (too many buckets): count on its own after all.
      else total = Number((await run(countSql, countSettings))[0]?.n ?? 0);
      const aggregations = aggregated?.results ?? null;
      await fillPendingSources(run, scope, pendingSources);

      const hits: LogHit[] = rows.map((row) => {
        const stored = JSON.parse(sourceOfRow(row as unknown as StoredSourceRow)) as Record<string, unknown>;
        const values = plan.keys.map((_, i) => (row[`__s${i}`] ?? null) as SortValue);
        const fields = pickFields(stored, [
          ...request.docvalueFields.map((f) => f.field),
          ...(request.storedFields ?? []).filter((f) => f !== '_source' && f !== '_none_'),
        ]);
        return {
          id: String(row.id),
          accountId: Number(row.account),
          type: String(row.type),
          score: scoring ? Number(row._score) : null,
          source:
            request.storedFields !== null && request.storedFields.length > 0 && !request.storedFields.includes('_source')
              ? null
              : filterSource(stored, request.source),
          sort: request.sort.length === 0 ? null : values.slice(0, plan.visible),
          highlight: request.highlight === null ? null : highlightHit(stored, request.highlight, request.query),
          fields,
        };
      });
      const last = rows[rows.length - 1];
      return {
        ...reportedTotal(total, bound),
        maxScore: scoring && hits.length > 0 ? Math.max(...hits.map((h) => h.score ?? 0)) : null,
        hits,
        aggregations,
        lastCursor:
          last === undefined ? null : { values: plan.keys.map((_, i) => (last[`__s${i}`] ?? null) as SortValue), id: String(last.id) },
      };
    } catch (error) {
      throw toSearchError(error);
    }
  }
}
