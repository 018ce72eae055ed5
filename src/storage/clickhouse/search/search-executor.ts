/**
 * LogStore.search on ClickHouse, in named steps (decision 0730): plan (plan/plan-search.ts: scope, row sets, page,
 * count and aggregation strategies as data, each chosen by its rule) → the page, the count and the aggregations,
 * each statement rendered from the plan when it runs → Elasticsearch-shaped parts. Every statement starts its WHERE
 * with the scope (scope-sql.ts).
 */
import type { LogSearchQuery, LogSearchResult } from '../../log-store.js';
import type { SearchCatalogField } from '../field-catalog.js';
import { SOURCE_SELECT_SQL, sourceOfRow, type StoredSourceRow } from '../source-of-row.js';
import { sqlNumber, sqlString } from '../sql-literals.js';
import type { ClickHouseTransport } from '../transport.js';
import type { PendingSource } from './aggregations/metrics.js';
import { runAggregations } from './aggregations/aggregation-runner.js';
import { scoreLiterals, withoutScoreStats, withScoreStats, type QueryHelpers } from './compile/compile-context.js';
import { toSearchError } from './engine-error.js';
import { FieldCatalog } from './fields/field-access.js';
import { scopeBoundsSql } from './compile/scope-sql.js';
import { createFewValueAnswerCache, type FewValueAnswerCache } from './few-value-answers.js';
import { createTokenDictionaryCache, type TokenDictionaryCache } from './dictionary-answers.js';
import { createAbsentTokenState, messageSubset, messageWordShare, partsSinceLastWrite, type AbsentTokenState } from './absent-tokens.js';
import { answeringRun, type StatementAnswerCaches } from './statement-answers.js';
import type { WordCountReads } from './word-counts/word-count-cache.js';
import { wordCountTotal } from './word-counts/word-count-total.js';
import { hitsSql, timestampBoundSql } from './hits/hits-sql.js';
import { timestampPage } from './hits/timestamp-page.js';
import { topScorePage } from './hits/top-score-page.js';
import { filterSource } from './hits/source-filter.js';
import { createPrioritisedRuns, laneOf, type PrioritisedRuns, type Run } from './statement-priority.js';
import { isMissingLookupSet, type LookupSets } from './lookup-sets.js';
import type { LookupMembers } from '../../../query/index.js';
import { ALL_SEARCH_RULES_ON, type SearchRules } from './rules/search-rules.js';
import { subsetLikelyEnough } from './rules/message-subset.js';
import { windowRows } from './rules/word-window.js';
import { planSearch } from './plan/plan-search.js';
import { countSql, splitRowsTableSql } from './plan/render-statements.js';
import type { CountStatement, CountStrategy, SearchPlan, SortedPage } from './plan/search-plan.js';
import { searchResult } from './plan/search-result.js';

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

type Row = Record<string, unknown>;

/** The score statistics of a plan as literals (top-score-page), read once for all its ranked statements. */
type Literals = (sql: string) => string;

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

  /** The plan of a search: the catalogs and lookup sets it needs read, then planSearch (nothing else runs). */
  async function plan(query: LogSearchQuery): Promise<SearchPlan> {
    const { request } = query;
    const catalogs = await deps.readCatalog(query.scope.accounts.map((a) => a.accountId));
    // Rule lookup-sets: big lists as engine sets; off (or without sets), every list is inlined.
    const lookupSets = rules.on('lookup-sets') ? deps.lookupSets : undefined;
    const lookupTables = (await lookupSets?.tablesFor([request.query, request.postFilter])) ?? new Map<LookupMembers, string>();
    return planSearch({
      query,
      table,
      catalog: new FieldCatalog(catalogs.values()),
      helpers: deps.helpers,
      lookupTables,
      rules,
      wordCounts: deps.wordCounts !== undefined,
    });
  }

  /** A page read by its sorted strategy; `literals` where the top-score page read the statistics already. */
  async function sortedPage(p: SearchPlan, strategy: SortedPage, literals: Literals | null, run: Run): Promise<Row[]> {
    const { hits } = p;
    if (strategy.kind === 'timestamp-page') {
      // Rule word-window: the window's size from the share of logs its most common word holds, as known now.
      const candidate = strategy.window;
      const rows = candidate === null ? null : windowRows(messageWordShare(absentTokens, table, candidate.words), hits.offset + hits.size);
      const window = candidate === null || rows === null ? null : { within: candidate.within, test: candidate.test, rows };
      return timestampPage({ ...hits, descending: strategy.descending, scope: p.scope, direct: strategy.direct, window }, (sql, settings) =>
        run(withoutScoreStats(sql), settings),
      );
    }
    const boundSql =
      strategy.kind === 'timestamp-bound'
        ? timestampBoundSql({ ...hits, branches: strategy.boundBranches.map((where) => withoutScoreStats(where)) })
        : null;
    const boundRow = boundSql === null ? undefined : (await run(boundSql))[0];
    const sql = hitsSql(hits, boundRow === undefined ? null : Number(boundRow.__bound));
    const withStats = literals ?? ((statement: string) => withScoreStats(statement, p.context, table, p.scope));
    return run(p.scoring ? withStats(sql) : withoutScoreStats(sql), p.rankedSettings);
  }

  /** The first page from the best score down (top-score-page), with the count its first statement read. */
  async function topScore(p: SearchPlan, run: Run): Promise<{ literals: Literals; best: { rows: Row[] | null; total: number } }> {
    // Read once here, the statistics serve every ranked statement of the search as literals.
    const literals = await scoreLiterals(p.context, table, p.scope, (sql) => run(sql));
    const best = await topScorePage({
      table,
      where: literals(p.rows.all),
      score: literals(p.main.score),
      select: literals(p.hits.select),
      size: p.hits.size,
      run,
      ...(p.rankedSettings === undefined ? {} : { settings: p.rankedSettings }),
    });
    return { literals, best };
  }

  async function runCount(p: SearchPlan, statement: CountStatement, run: Run): Promise<number> {
    return Number((await run(countSql(p, statement.limit), statement.settings))[0]?.n ?? 0);
  }

  /** The total by the plan's count strategy; null where another step answers it (top-score, aggregations, none). */
  async function count(p: SearchPlan, strategy: CountStrategy, query: LogSearchQuery, run: Run): Promise<number | null> {
    switch (strategy.kind) {
      case 'none':
      case 'top-score':
      case 'from-aggregations':
        return null;
      case 'word-counts': {
        const cache = deps.wordCounts;
        const { accounts, toMs } = query.scope;
        const parts = () => partsSinceLastWrite(absentTokens, table, run);
        const settings = countSettingsOf(strategy.otherwise);
        const fromWords =
          cache === undefined
            ? null
            : await wordCountTotal({
                logsTable: table,
                counted: strategy.counted,
                accounts,
                toMs,
                matched: p.rows.all,
                parts,
                cache,
                run,
                settings,
              });
        return fromWords ?? count(p, strategy.otherwise, query, run);
      }
      case 'message-subset': {
        const { limit } = strategy.statement;
        // Once the rows the `message` side holds reach the bound, so does the match; short of it, the whole count.
        const subset = limit === null ? null : messageSubset(absentTokens, table, countSql(p, limit));
        if (subset !== null && limit !== null && subsetLikelyEnough(subset.postings, limit)) {
          const [row] = await run(subset.sql, strategy.statement.settings);
          if (Number(row?.n ?? 0) >= limit) return limit;
        }
        return runCount(p, strategy.statement, run);
      }
      case 'statement':
        return runCount(p, strategy.statement, run);
    }
  }

  /** The aggregations over the plan's aggregation rows; null without any. */
  function aggregate(p: SearchPlan, query: LogSearchQuery, pendingSources: PendingSource[], run: Run) {
    const source = p.aggregations;
    if (source === null) return Promise.resolve(null);
    return runAggregations(
      {
        context: p.context,
        run: (sql) => run(withoutScoreStats(sql)),
        ...(source.rows.kind === 'split' ? { table: splitRowsTableSql(p), where: '1' } : { table, where: source.rows.where }),
        wholeDaysWhere: source.wholeDaysWhere,
        pendingSources,
        fieldPresence: source.fieldPresence,
      },
      query.request.aggregations,
      source.countsHits,
    );
  }

  /** The total as the count strategy reads it: counted, from the top-score page, or from the aggregations. */
  async function totalOf(
    p: SearchPlan,
    counted: number | null,
    topScoreTotal: number,
    aggregated: number | null,
    run: Run,
  ): Promise<number> {
    switch (p.count.kind) {
      case 'none':
        return 0;
      case 'top-score':
        return topScoreTotal;
      case 'from-aggregations':
        // The histogram was cut short (too many buckets): count on its own after all.
        return aggregated ?? runCount(p, p.count.otherwise, run);
      default:
        return counted ?? 0;
    }
  }

  async function execute(query: LogSearchQuery, runStatement: Run): Promise<LogSearchResult> {
    try {
      const p = await plan(query);
      const run = answeringRun({ table, scopeBounds: scopeBoundsSql(query.scope), run: runStatement, pending: p.pending, caches, rules });
      const ranked = p.page.kind === 'top-score' ? await topScore(p, run) : null;
      const pendingSources: PendingSource[] = [];
      const page = p.page;
      const [rows, counted, aggregated] = await Promise.all([
        ranked?.best.rows ??
          (page.kind === 'none'
            ? Promise.resolve([])
            : sortedPage(p, page.kind === 'top-score' ? page.otherwise : page, ranked?.literals ?? null, run)),
        count(p, p.count, query, run),
        aggregate(p, query, pendingSources, run),
      ]);
      const total = await totalOf(p, counted, ranked?.best.total ?? 0, aggregated?.total ?? null, run);
      await fillPendingSources(run, p.scope, pendingSources);
      return searchResult(p, query.request, rows, total, aggregated?.results ?? null);
    } catch (error) {
      throw toSearchError(error);
    }
  }
}

/** The settings of a count strategy's statement. */
function countSettingsOf(strategy: CountStrategy): CountStatement['settings'] {
  switch (strategy.kind) {
    case 'message-subset':
    case 'statement':
      return strategy.statement.settings;
    case 'from-aggregations':
      return strategy.otherwise.settings;
    case 'word-counts':
      return countSettingsOf(strategy.otherwise);
    case 'none':
    case 'top-score':
      return undefined;
  }
}
