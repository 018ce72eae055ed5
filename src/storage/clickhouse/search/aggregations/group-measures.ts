/**
 * Detection's typed questions (LogStore.measureGroups): many conditions over one scope, grouped and measured in one
 * statement. The condition index and the group keys are the GROUP BY; the measure is a column. Group keys are the
 * terms keys of dimensions.ts, written as text the way terms buckets print them.
 */
import { termsAggregation } from '../../../../query/index.js';
import type { GroupMeasure, GroupMeasureQuery, MeasuredGroup } from '../../../log-store.js';
import { sqlNumber, sqlString } from '../../sql-literals.js';
import type { CompileContext } from '../compile/compile-context.js';
import { compileQuery } from '../compile/query-compiler.js';
import { scalarOf } from '../fields/field-access.js';
import { formatDate } from './date-format.js';
import { dimensionOf, indexJoin, numericValue } from './dimensions.js';

type Row = Record<string, unknown>;

export interface GroupMeasureRun {
  readonly context: CompileContext;
  readonly run: (sql: string) => Promise<Row[]>;
  readonly table: string;
  /** The scope's WHERE (scope-sql.ts). */
  readonly where: string;
}

/** Rows one statement returns at most, over every condition and group. */
const MAX_ROWS = 65_536;
const NO_NUMBER = "CAST(NULL, 'Nullable(Float64)')";

const num = (value: unknown): number | undefined => {
  if (value === null || value === undefined) return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : undefined;
};

interface MeasurePlan {
  readonly columns: readonly string[];
  /** The value of a group from its row (`__c` is its log count), undefined when it has none. */
  value(row: Row): number | undefined;
  /** The value over no logs, for the one group of a question without groupBy. */
  readonly empty: number | undefined;
}

function planMeasure(context: CompileContext, measure: GroupMeasure): MeasurePlan {
  const count = (row: Row): number => num(row.__c) ?? 0;
  switch (measure.kind) {
    case 'count':
      return { columns: [], value: count, empty: 0 };
    case 'share': {
      const matching = compileQuery(context, measure.condition).where;
      return {
        columns: [`countIf(${matching}) AS __m`],
        value: (row) => (count(row) === 0 ? undefined : ((num(row.__m) ?? 0) / count(row)) * 100),
        empty: undefined,
      };
    }
    case 'percentile': {
      const value = numericValue(context.catalog.resolve(measure.field)) ?? NO_NUMBER;
      const level = sqlNumber(Math.min(Math.max(measure.percent / 100, 0), 1));
      return {
        columns: [`quantilesTDigest(${level})(${value}) AS __m`, `count(${value}) AS __n`],
        value: (row) => ((num(row.__n) ?? 0) === 0 ? undefined : num((row.__m as unknown[] | undefined)?.[0])),
        empty: undefined,
      };
    }
    case 'unique_count': {
      const field = context.catalog.resolve(measure.field);
      const numeric = numericValue(field);
      const value =
        (numeric !== null && field.shape !== 'text' && field.shape !== 'keyword' ? numeric : scalarOf(field, 'string')) ?? NO_NUMBER;
      return { columns: [`uniq(${value}) AS __m`], value: (row) => num(row.__m) ?? 0, empty: 0 };
    }
    case 'sum': {
      const value = numericValue(context.catalog.resolve(measure.field)) ?? NO_NUMBER;
      // A sum over no numbers is 0, as in Elasticsearch.
      return { columns: [`sum(${value}) AS __m`], value: (row) => num(row.__m) ?? 0, empty: 0 };
    }
    case 'avg':
    case 'min':
    case 'max': {
      const value = numericValue(context.catalog.resolve(measure.field)) ?? NO_NUMBER;
      return { columns: [`${measure.kind}(${value}) AS __m`], value: (row) => num(row.__m), empty: undefined };
    }
  }
}

/** A group key as text, as a terms bucket prints it (`key_as_string` for dates and booleans). */
function keyText(value: unknown, shape: string): string {
  if (shape === 'date') return formatDate(Number(value), null);
  if (shape === 'boolean') return Number(value) === 1 ? 'true' : 'false';
  return String(value);
}

export async function measureGroups(run: GroupMeasureRun, query: GroupMeasureQuery): Promise<MeasuredGroup[][]> {
  const { context } = run;
  const conditions = query.conditions.map((condition) => compileQuery(context, condition).where);
  const dims = query.groupBy.map((field) => ({
    field,
    shape: context.catalog.resolve(field).shape,
    dim: dimensionOf(context, termsAggregation(field, query.maxGroups)),
  }));
  const plan = planMeasure(context, query.measure);
  const keys = ['__q', ...dims.map((_, i) => `__k${i}`)];
  const predicates = dims.map((d) => d.dim.predicate).filter((p): p is string => p !== null);
  if (query.excludedTypes.length > 0) predicates.push(`type NOT IN (${query.excludedTypes.map(sqlString).join(', ')})`);
  const parents = keys.slice(0, -1);
  const sql = [
    `SELECT ${[indexJoin(conditions, null) + ' AS __q', ...dims.map((d, i) => `${d.dim.key} AS __k${i}`), 'count() AS __c', ...plan.columns].join(', ')}`,
    `FROM ${run.table} WHERE ${[run.where, ...predicates].join(' AND ')}`,
    `GROUP BY ${keys.join(', ')}`,
    // The largest groups first, as terms buckets: per condition and parent group at most maxGroups.
    `ORDER BY __q ASC, __c DESC${dims.map((_, i) => `, __k${i} ASC`).join('')}`,
    dims.length === 0 ? '' : `LIMIT ${sqlNumber(query.maxGroups)} BY ${parents.join(', ')}`,
    `LIMIT ${sqlNumber(MAX_ROWS)}`,
  ].join(' ');
  const rows = await run.run(sql);
  const answers: MeasuredGroup[][] = query.conditions.map(() => []);
  for (const row of rows) {
    const value = plan.value(row);
    if (value === undefined) continue;
    const group: Record<string, string> = {};
    dims.forEach((d, i) => {
      group[d.field] = keyText(row[`__k${i}`], d.shape);
    });
    answers[Number(row.__q)]?.push({ group, value });
  }
  if (dims.length === 0 && plan.empty !== undefined) {
    for (const answer of answers) if (answer.length === 0) answer.push({ group: {}, value: plan.empty });
  }
  return answers;
}
