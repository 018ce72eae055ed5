/** A plan's rows and total as the Elasticsearch-shaped result (the last step of the executor). */
import type { LogHit, LogSearchResult, SortValue } from '../../../log-store.js';
import type { SearchRequest } from '../../../../query/index.js';
import { sourceOfRow, type StoredSourceRow } from '../../source-of-row.js';
import { highlightHit } from '../hits/highlight.js';
import { filterSource, pickFields } from '../hits/source-filter.js';
import { countBound, UNTRACKED } from './plan-search.js';
import type { SearchPlan } from './search-plan.js';

type Row = Record<string, unknown>;

/** The total as Elasticsearch reports a bounded count: the bound itself, `gte`, once more match. */
function reportedTotal(total: number, bound: number | null): Pick<LogSearchResult, 'total' | 'totalRelation'> {
  if (bound === UNTRACKED) return { total: 0, totalRelation: 'untracked' };
  return bound !== null && total > bound ? { total: bound, totalRelation: 'gte' } : { total };
}

export function searchResult(
  plan: Pick<SearchPlan, 'sort' | 'scoring'>,
  request: SearchRequest,
  rows: readonly Row[],
  total: number,
  aggregations: Record<string, unknown> | null,
): LogSearchResult {
  const { sort, scoring } = plan;
  const hits: LogHit[] = rows.map((row) => {
    const stored = JSON.parse(sourceOfRow(row as unknown as StoredSourceRow)) as Record<string, unknown>;
    const values = sort.keys.map((_, i) => (row[`__s${i}`] ?? null) as SortValue);
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
      sort: request.sort.length === 0 ? null : values.slice(0, sort.visible),
      highlight: request.highlight === null ? null : highlightHit(stored, request.highlight, request.query),
      fields,
    };
  });
  const last = rows[rows.length - 1];
  return {
    ...reportedTotal(total, countBound(request.trackTotalHits)),
    maxScore: scoring && hits.length > 0 ? Math.max(...hits.map((h) => h.score ?? 0)) : null,
    hits,
    aggregations,
    lastCursor:
      last === undefined ? null : { values: sort.keys.map((_, i) => (last[`__s${i}`] ?? null) as SortValue), id: String(last.id) },
  };
}
