/**
 * LogStore.measureGroups on ClickHouse: the scope (scope-sql.ts, window included) and the excluded log types, then
 * one grouped statement for every condition (aggregations/group-measures.ts), through the store's priority gate.
 */
import type { GroupMeasureQuery, MeasuredGroup } from '../../log-store.js';
import type { SearchCatalogField } from '../field-catalog.js';
import { measureGroups } from './aggregations/group-measures.js';
import { CompileContext, withoutScoreStats, type QueryHelpers } from './compile/compile-context.js';
import { scopeBoundsSql, scopeWhereSql } from './compile/scope-sql.js';
import { createFewValueAnswerCache, type FewValueAnswerCache } from './few-value-answers.js';
import { createTokenDictionaryCache, type TokenDictionaryCache } from './dictionary-answers.js';
import { createAbsentTokenState, type AbsentTokenState } from './absent-tokens.js';
import { answeringRun, type StatementAnswerCaches } from './statement-answers.js';
import { ALL_SEARCH_RULES_ON, type SearchRules } from './rules/search-rules.js';
import { toSearchError } from './engine-error.js';
import { FieldCatalog } from './fields/field-access.js';
import { laneOf, type PrioritisedRuns, type Run } from './statement-priority.js';
import { isMissingLookupSet, type LookupSets } from './lookup-sets.js';
import type { LookupMembers } from '../../../query/index.js';

export interface GroupMeasureExecutorDeps {
  readonly table: string;
  readonly readCatalog: (accountIds: readonly number[]) => Promise<ReadonlyMap<number, readonly SearchCatalogField[]>>;
  readonly helpers: QueryHelpers;
  readonly runs: PrioritisedRuns;
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
  /** The speed rules applied (all where absent; rules/search-rules.ts). */
  readonly rules?: SearchRules;
}

export function createGroupMeasureExecutor(deps: GroupMeasureExecutorDeps): (query: GroupMeasureQuery) => Promise<MeasuredGroup[][]> {
  const rules = deps.rules ?? ALL_SEARCH_RULES_ON;
  const caches: StatementAnswerCaches = {
    tokenDictionaries: deps.tokenDictionaries ?? createTokenDictionaryCache(),
    fewValues: deps.fewValues ?? createFewValueAnswerCache(),
    absentTokens: deps.absentTokens ?? createAbsentTokenState(),
    ...(deps.partsHere === undefined ? {} : { partsHere: deps.partsHere }),
  };
  return async (query) => {
    if (query.conditions.length === 0) return [];
    if (query.scope.accounts.length === 0) return query.conditions.map(() => []);
    const once = async (run: Run): Promise<MeasuredGroup[][]> => {
      try {
        const catalogs = await deps.readCatalog(query.scope.accounts.map((a) => a.accountId));
        const share = query.measure.kind === 'share' ? query.measure.condition : null;
        const lookupSets = rules.on('lookup-sets') ? deps.lookupSets : undefined;
        const lookupTables = (await lookupSets?.tablesFor([...query.conditions, share])) ?? new Map<LookupMembers, string>();
        const context = new CompileContext(new FieldCatalog(catalogs.values()), deps.helpers, 'any', lookupTables);
        const answering = answeringRun({
          table: deps.table,
          scopeBounds: scopeBoundsSql(query.scope),
          run,
          pending: context.pending,
          caches,
          rules,
        });
        return await measureGroups(
          {
            context,
            run: (sql) => answering(withoutScoreStats(sql)),
            table: deps.table,
            where: scopeWhereSql(context, query.scope, null),
          },
          query,
        );
      } catch (error) {
        throw toSearchError(error);
      }
    };
    return deps.runs(laneOf(query.scope, query.background), async (run) => {
      try {
        return await once(run);
      } catch (error) {
        if (deps.lookupSets === undefined || !isMissingLookupSet(error)) throw error;
        deps.lookupSets.forgetAll();
        return once(run);
      }
    });
  };
}
