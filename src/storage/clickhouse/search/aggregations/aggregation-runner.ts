/**
 * Aggregations, nested to any depth, with one bounded GROUP BY per bucket level: a level groups by the keys
 * of every ancestor plus its own, restricted (HAVING) to the ancestor buckets actually returned, and computes
 * its metric children as columns. Results take Elasticsearch's shapes.
 */
import type { NamedAggregation } from '../../../../query/index.js';
import { DAY_COUNTS } from '../../log-table-schema.js';
import { sqlNumber, sqlString } from '../../sql-literals.js';
import { dimensionOf, isBucketAggregation, termsKeyFilter, type BucketAggregation, type Dimension } from './dimensions.js';
import { planMetric, type MetricAggregation, type MetricPlan, type PendingSource } from './metrics.js';
import { bucketList, emptyBuckets, shapeBuckets, type Bucket } from './bucket-shapes.js';
import type { CompileContext } from '../compile/compile-context.js';
import { fieldPresenceStatement, isFieldPresence, type FiltersAggregation } from './field-presence.js';

type Row = Record<string, unknown>;
export type RunQuery = (sql: string) => Promise<Row[]>;

interface Step {
  readonly dim: Dimension;
  readonly alias: string;
}

/** Most buckets one level may return per parent bucket, and over all parents. */
const MAX_BUCKETS_PER_PARENT = 10_000;
const MAX_ROWS_PER_LEVEL = 65_536;

export interface AggregationRun {
  readonly context: CompileContext;
  readonly run: RunQuery;
  readonly table: string;
  readonly where: string;
  /** `where` as whole UTC days of every log in scope, when it is that (wholeDaysScopeSql), else null. */
  readonly wholeDaysWhere: string | null;
  /** top_hits hits waiting for their `_source`. */
  readonly pendingSources: PendingSource[];
  /** Rule field-presence: a root filters aggregation of `exists` tests alone is answered in one pass (field-presence.ts). */
  readonly fieldPresence?: boolean;
}

function keyLiteral(value: unknown, dim: Dimension): string {
  if (dim.keyKind === 'string') return sqlString(String(value));
  return typeof value === 'number' && Number.isFinite(value) ? sqlNumber(value) : 'NULL';
}

function metricPlans(run: AggregationRun, aggs: readonly NamedAggregation[]): { named: NamedAggregation; plan: MetricPlan }[] {
  return aggs
    .filter((a) => !isBucketAggregation(a.aggregation))
    .map((named, i) => ({ named, plan: planMetric(run.context, named.aggregation as MetricAggregation, `__m${i}`, run.pendingSources) }));
}

function withMeta(named: NamedAggregation, result: Record<string, unknown>): Record<string, unknown> {
  return named.meta === null ? result : { meta: named.meta, ...result };
}

/** A root date_histogram on `@timestamp` that puts every log in exactly one returned bucket. */
function countsEveryLog(named: NamedAggregation): boolean {
  const agg = named.aggregation;
  return (
    agg.kind === 'date_histogram' &&
    agg.field === '@timestamp' &&
    agg.hardBounds === null &&
    agg.missing === null &&
    agg.minDocCount <= 1 &&
    agg.order.length === 0
  );
}

/** Can the aggregations count the hits on the way (root metrics, or a full @timestamp histogram)? */
export function canCountHits(aggs: readonly NamedAggregation[]): boolean {
  return aggs.some((a) => !isBucketAggregation(a.aggregation) || countsEveryLog(a));
}

const MAX_COUNTED_BUCKETS = 10_000;

/** Sum of a histogram's bucket counts, or null when it may have been cut short. */
function bucketSum(result: Record<string, unknown> | undefined): number | null {
  const buckets = result?.buckets;
  const list = Array.isArray(buckets) ? buckets : buckets !== null && typeof buckets === 'object' ? Object.values(buckets) : [];
  if (list.length >= MAX_COUNTED_BUCKETS) return null;
  return list.reduce((sum: number, b) => sum + Number((b as { doc_count?: number }).doc_count ?? 0), 0);
}

/**
 * Results of root-level aggregations (whole scope as the only bucket), root bucket aggregations in parallel.
 * With `countHits`, the root metrics pass (or a full `@timestamp` histogram) also gives the number of matching
 * logs (`total`, null when it could not), saving the hits count its own scan.
 */
export async function runAggregations(
  run: AggregationRun,
  aggs: readonly NamedAggregation[],
  countHits = false,
): Promise<{ results: Record<string, unknown>; total: number | null }> {
  const out: Record<string, unknown> = {};
  const metrics = metricPlans(run, aggs);
  let total: number | null = null;
  if (metrics.length > 0) {
    const columns = [...(countHits ? ['count() AS __total'] : []), ...metrics.flatMap((m) => m.plan.columns)];
    const rows = await run.run(`SELECT ${columns.join(', ')} FROM ${run.table} WHERE ${run.where}`);
    const row = rows[0] ?? {};
    if (countHits) total = Number(row.__total ?? 0);
    for (const m of metrics) out[m.named.name] = withMeta(m.named, m.plan.shape(row));
  }
  const buckets = aggs.filter((named) => isBucketAggregation(named.aggregation));
  const results = await Promise.all(
    buckets.map(async (named) => {
      const agg = named.aggregation;
      if (run.fieldPresence === true && isFieldPresence(agg)) return runFieldPresence(run, named, agg);
      return (await runBucketLevel(run, named, [], null)).get('[]') ?? emptyOf(named, run.context);
    }),
  );
  buckets.forEach((named, i) => {
    out[named.name] = results[i];
  });
  if (countHits && total === null) {
    const histogram = buckets.find(countsEveryLog);
    if (histogram !== undefined) total = bucketSum(out[histogram.name] as Record<string, unknown> | undefined);
  }
  return { results: out, total };
}

/** A root filters aggregation of `exists` tests alone, in one statement (rule field-presence). */
async function runFieldPresence(run: AggregationRun, named: NamedAggregation, agg: FiltersAggregation): Promise<Record<string, unknown>> {
  const statement = fieldPresenceStatement(run.context, agg, run.table, run.where);
  const buckets = bucketList(agg, statement.buckets(await run.run(statement.sql)), () => ({}));
  return withMeta(named, shapeBuckets(run.context, agg, buckets, 0));
}

/** The result of an aggregation over no documents. */
function emptyOf(named: NamedAggregation, context: CompileContext): Record<string, unknown> {
  const agg = named.aggregation;
  if (!isBucketAggregation(agg)) return withMeta(named, planMetric(context, agg as MetricAggregation, '__e').empty());
  const children = (): Record<string, unknown> =>
    Object.fromEntries(agg.aggregations.map((child) => [child.name, emptyOf(child, context)]));
  return withMeta(named, shapeBuckets(context, agg, emptyBuckets(agg, children), 0));
}

/**
 * Does the day-counts projection hold this level's buckets? Only a key it groups by, with no condition but the
 * key's presence, and counts alone (no metric needs the rows); the engine then reads its rows, not the logs.
 */
function countedByDay(dim: Dimension): boolean {
  return (DAY_COUNTS.keys as readonly string[]).includes(dim.key) && (dim.predicate === null || dim.predicate === `${dim.key} IS NOT NULL`);
}

async function runBucketLevel(
  run: AggregationRun,
  named: NamedAggregation,
  path: readonly Step[],
  parents: readonly unknown[][] | null,
): Promise<Map<string, Record<string, unknown>>> {
  const agg = named.aggregation as BucketAggregation;
  const dim = dimensionOf(run.context, agg);
  const step: Step = { dim, alias: `__k${path.length}` };
  const all = [...path, step];
  const parentAliases = path.map((s) => s.alias);
  const metrics = metricPlans(run, agg.aggregations);
  const predicates = all.map((s) => s.dim.predicate).filter((p): p is string => p !== null);
  const having: string[] = [];
  if (parents !== null && path.length > 0) {
    if (parents.length === 0) return new Map();
    const tuples = parents.map((t) => `(${t.map((v, i) => keyLiteral(v, path[i]?.dim ?? dim)).join(', ')})`);
    having.push(`(${parentAliases.join(', ')}) IN (${tuples.join(', ')})`);
  }
  let limitBy = MAX_BUCKETS_PER_PARENT;
  let orderBy = `${step.alias} ASC`;
  if (agg.kind === 'terms') {
    const filter = termsKeyFilter(run.context, agg, step.alias);
    if (filter !== null) having.push(filter);
    if (agg.minDocCount > 1) having.push(`__c >= ${sqlNumber(agg.minDocCount)}`);
    const first = agg.order[0];
    if (agg.order.length === 0 || (first?.by === '_count' && first.order === 'desc')) {
      limitBy = agg.size;
      orderBy = `__c DESC, ${step.alias} ASC`;
    }
  }
  const partition = parentAliases.length === 0 ? '' : `PARTITION BY ${parentAliases.join(', ')}`;
  const where =
    path.length === 0 && metrics.length === 0 && run.wholeDaysWhere !== null && countedByDay(dim) ? run.wholeDaysWhere : run.where;
  const sql = [
    `SELECT ${[
      ...all.map((s) => `${s.dim.key} AS ${s.alias}`),
      'count() AS __c',
      // Only terms needs the total over all its buckets (sum_other_doc_count).
      ...(agg.kind === 'terms' ? [`sum(count()) OVER (${partition}) AS __t`] : []),
      ...metrics.flatMap((m) => m.plan.columns),
    ].join(', ')}`,
    `FROM ${run.table} WHERE ${[where, ...predicates].join(' AND ')}`,
    `GROUP BY ${all.map((s) => s.alias).join(', ')}`,
    having.length === 0 ? '' : `HAVING ${having.join(' AND ')}`,
    `ORDER BY ${orderBy}`,
    parentAliases.length === 0
      ? `LIMIT ${sqlNumber(limitBy)}`
      : `LIMIT ${sqlNumber(limitBy)} BY ${parentAliases.join(', ')} LIMIT ${sqlNumber(MAX_ROWS_PER_LEVEL)}`,
  ].join(' ');
  const rows = await run.run(sql);

  const byParent = new Map<string, { tuple: unknown[]; total: number; buckets: Bucket[] }>();
  for (const row of rows) {
    const tuple = parentAliases.map((a) => row[a]);
    const id = JSON.stringify(tuple);
    const group = byParent.get(id) ?? { tuple, total: Number(row.__t ?? 0), buckets: [] };
    const children: Record<string, unknown> = {};
    for (const m of metrics) children[m.named.name] = withMeta(m.named, m.plan.shape(row));
    group.buckets.push({ key: row[step.alias], docCount: Number(row.__c ?? 0), children });
    byParent.set(id, group);
  }

  const childEmpty = (): Record<string, unknown> =>
    Object.fromEntries(agg.aggregations.map((child) => [child.name, emptyOf(child, run.context)]));
  const selected = new Map<string, { tuple: unknown[]; total: number; buckets: Bucket[] }>();
  const parentIds = parents === null ? [[]] : parents;
  for (const parentTuple of parentIds) {
    const id = JSON.stringify(parentTuple);
    const group = byParent.get(id) ?? { tuple: parentTuple, total: 0, buckets: [] };
    selected.set(id, { ...group, buckets: bucketList(agg, group.buckets, childEmpty) });
  }

  for (const child of agg.aggregations) {
    if (!isBucketAggregation(child.aggregation)) continue;
    const childParents = [...selected.values()].flatMap((g) => g.buckets.filter((b) => b.docCount > 0).map((b) => [...g.tuple, b.key]));
    const childResults = await runBucketLevel(run, child, all, childParents);
    for (const g of selected.values()) {
      for (const b of g.buckets) {
        b.children[child.name] = childResults.get(JSON.stringify([...g.tuple, b.key])) ?? emptyOf(child, run.context);
      }
    }
  }

  const out = new Map<string, Record<string, unknown>>();
  for (const [id, g] of selected) out.set(id, withMeta(named, shapeBuckets(run.context, agg, g.buckets, g.total)));
  return out;
}
