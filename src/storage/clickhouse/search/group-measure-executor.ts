/**
 * LogStore.measureGroups on ClickHouse: the scope (scope-sql.ts, window included) and the excluded log types, then
 * one grouped statement for every condition (aggregations/group-measures.ts), through the store's priority gate.
 */
import type { CatalogField, GroupMeasureQuery, MeasuredGroup } from '../../log-store.js';
import { measureGroups } from './aggregations/group-measures.js';
import { CompileContext, withoutScoreStats, type QueryHelpers } from './compile/compile-context.js';
import { scopeWhereSql } from './compile/scope-sql.js';
import { toSearchError } from './engine-error.js';
import { FieldCatalog } from './fields/field-access.js';
import { laneOf, type PrioritisedRuns } from './statement-priority.js';

export interface GroupMeasureExecutorDeps {
  readonly table: string;
  readonly readCatalog: (accountIds: readonly number[]) => Promise<ReadonlyMap<number, readonly CatalogField[]>>;
  readonly helpers: QueryHelpers;
  readonly runs: PrioritisedRuns;
}

export function createGroupMeasureExecutor(deps: GroupMeasureExecutorDeps): (query: GroupMeasureQuery) => Promise<MeasuredGroup[][]> {
  return async (query) => {
    if (query.conditions.length === 0) return [];
    if (query.scope.accounts.length === 0) return query.conditions.map(() => []);
    return deps.runs(laneOf(query.scope, query.background), async (run) => {
      try {
        const catalogs = await deps.readCatalog(query.scope.accounts.map((a) => a.accountId));
        const context = new CompileContext(new FieldCatalog(catalogs.values()), deps.helpers);
        return await measureGroups(
          { context, run: (sql) => run(withoutScoreStats(sql)), table: deps.table, where: scopeWhereSql(context, query.scope, null) },
          query,
        );
      } catch (error) {
        throw toSearchError(error);
      }
    });
  };
}
