import { parseQuery, type QueryAst } from '../../query/index.js';
import type { GroupMeasure } from '../../storage/log-store.js';
import type { Aggregation, AlertFilters } from './rule-definition.js';

/** Options every alert clause is read with: the Elasticsearch profile, date math against `nowMs`. */
const options = (nowMs: number) => ({ now: nowMs, profile: 'elasticsearch' as const });

/**
 * A sub-component's query and filters as one condition, read exactly as `/v1/search` reads a `query_string` inside a
 * bool (the filters are Elasticsearch clauses as the client wrote them; they are parsed here, once per evaluation).
 */
export function conditionOf(
  query: string,
  filters: AlertFilters | undefined,
  nowMs: number,
  extraMust: readonly QueryAst[] = [],
): QueryAst {
  const bool = filters?.bool ?? {};
  const json = {
    bool: {
      must: [{ query_string: { query: query.trim() === '' ? '*' : query } }, ...(bool.must ?? [])],
      ...(bool.filter === undefined ? {} : { filter: bool.filter }),
      ...(bool.must_not === undefined ? {} : { must_not: bool.must_not }),
      // A should list inside a filter context must match at least one clause, as in Logz.io.
      ...(bool.should === undefined || bool.should.length === 0 ? {} : { should: bool.should, minimum_should_match: 1 }),
    },
  };
  const condition = parseQuery(json, options(nowMs));
  if (extraMust.length === 0 || condition.kind !== 'bool') return condition;
  return { ...condition, must: [...condition.must, ...extraMust] };
}

/** `field` equal to `value` as a phrase (group values, PERCENTAGE's value). */
export function phraseCondition(field: string, value: string, nowMs: number): QueryAst {
  return parseQuery({ match_phrase: { [field]: { query: value } } }, options(nowMs));
}

/** The store measure of an alert aggregation. */
export function measureOf(aggregation: Aggregation, nowMs: number): GroupMeasure {
  const field = aggregation.fieldToAggregateOn ?? '';
  switch (aggregation.aggregationType) {
    case 'COUNT':
    case 'NONE':
      return { kind: 'count' };
    case 'SUM':
      return { kind: 'sum', field };
    case 'AVG':
      return { kind: 'avg', field };
    case 'MIN':
      return { kind: 'min', field };
    case 'MAX':
      return { kind: 'max', field };
    case 'UNIQUE_COUNT':
      return { kind: 'unique_count', field };
    case 'PERCENTILE':
      return { kind: 'percentile', field, percent: Number(aggregation.valueToAggregateOn ?? 95) };
    case 'PERCENTAGE':
      return { kind: 'share', condition: phraseCondition(field, aggregation.valueToAggregateOn ?? '', nowMs) };
  }
}
