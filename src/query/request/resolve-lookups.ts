import type { AggregationAst, LookupMembers, NamedAggregation, QueryAst } from '../ast.js';

/** Whether the query names a lookup list anywhere. */
export function hasLookups(query: QueryAst): boolean {
  switch (query.kind) {
    case 'lookup':
      return true;
    case 'bool':
      return [...query.must, ...query.should, ...query.mustNot, ...query.filter].some(hasLookups);
    case 'dis_max':
      return query.queries.some(hasLookups);
    case 'constant_score':
      return hasLookups(query.filter);
    case 'boosting':
      return hasLookups(query.positive) || hasLookups(query.negative);
    default:
      return false;
  }
}

/**
 * The query with every lookup's members filled in by `resolve` (called once per distinct reference). A query
 * without lookups comes back as it is, with no call made.
 */
export async function resolveLookups(query: QueryAst, resolve: (reference: string) => Promise<LookupMembers>): Promise<QueryAst> {
  if (!hasLookups(query)) return query;
  const resolved = new Map<string, Promise<LookupMembers>>();
  const membersOf = (reference: string): Promise<LookupMembers> => {
    let members = resolved.get(reference);
    if (members === undefined) {
      members = resolve(reference);
      resolved.set(reference, members);
    }
    return members;
  };
  const walk = async (node: QueryAst): Promise<QueryAst> => {
    if (!hasLookups(node)) return node;
    switch (node.kind) {
      case 'lookup':
        return { ...node, members: await membersOf(node.list) };
      case 'bool': {
        const [must, should, mustNot, filter] = await Promise.all(
          [node.must, node.should, node.mustNot, node.filter].map((clauses) => Promise.all(clauses.map(walk))),
        );
        return { ...node, must: must ?? [], should: should ?? [], mustNot: mustNot ?? [], filter: filter ?? [] };
      }
      case 'dis_max':
        return { ...node, queries: await Promise.all(node.queries.map(walk)) };
      case 'constant_score':
        return { ...node, filter: await walk(node.filter) };
      case 'boosting':
        return { ...node, positive: await walk(node.positive), negative: await walk(node.negative) };
      default:
        return node;
    }
  };
  return walk(query);
}

/** The list references a query names (as written: ids or names), each once. */
export function lookupReferences(query: QueryAst): string[] {
  const found = new Set<string>();
  const walk = (node: QueryAst): void => {
    switch (node.kind) {
      case 'lookup':
        found.add(node.list);
        return;
      case 'bool':
        [...node.must, ...node.should, ...node.mustNot, ...node.filter].forEach(walk);
        return;
      case 'dis_max':
        node.queries.forEach(walk);
        return;
      case 'constant_score':
        walk(node.filter);
        return;
      case 'boosting':
        walk(node.positive);
        walk(node.negative);
        return;
      default:
        return;
    }
  };
  walk(query);
  return [...found];
}

/** The aggregations with the lookups of their `filter`/`filters` queries resolved, at any depth (same array back when none). */
export async function resolveAggregationLookups(
  aggregations: readonly NamedAggregation[],
  resolve: (query: QueryAst) => Promise<QueryAst>,
): Promise<readonly NamedAggregation[]> {
  if (!aggregations.some(aggregationHasLookups)) return aggregations;
  return Promise.all(
    aggregations.map(async (named): Promise<NamedAggregation> => {
      if (!aggregationHasLookups(named)) return named;
      const agg = named.aggregation;
      let aggregation: AggregationAst = hasNested(agg)
        ? { ...agg, aggregations: await resolveAggregationLookups(agg.aggregations, resolve) }
        : agg;
      if (aggregation.kind === 'filter') aggregation = { ...aggregation, query: await resolve(aggregation.query) };
      if (aggregation.kind === 'filters') {
        const filters = await Promise.all(aggregation.filters.map(async (f) => ({ ...f, query: await resolve(f.query) })));
        aggregation = { ...aggregation, filters };
      }
      return { ...named, aggregation };
    }),
  );
}

function aggregationHasLookups(named: NamedAggregation): boolean {
  const agg = named.aggregation;
  if (agg.kind === 'filter' && hasLookups(agg.query)) return true;
  if (agg.kind === 'filters' && agg.filters.some((f) => hasLookups(f.query))) return true;
  return hasNested(agg) && agg.aggregations.some(aggregationHasLookups);
}

type WithNested = Extract<AggregationAst, { readonly aggregations: readonly NamedAggregation[] }>;
const hasNested = (agg: AggregationAst): agg is WithNested => 'aggregations' in agg;
