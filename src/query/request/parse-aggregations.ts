import type { AggregationAst, NamedAggregation } from '../ast.js';
import type { AggregationContext } from '../aggregations/aggregation-context.js';
import { parseFilterAggregation, parseFiltersAggregation, parseMissingAggregation } from '../aggregations/filters.js';
import { parseDateHistogram, parseHistogram } from '../aggregations/histograms.js';
import { parseMetric, parsePercentiles, parseTopHits } from '../aggregations/metrics.js';
import { parseDateRangeAggregation, parseRangeAggregation } from '../aggregations/ranges.js';
import { parseTermsAggregation } from '../aggregations/terms.js';
import { dslError } from '../dsl/dsl-error.js';
import { child, expectObject } from '../dsl/json-reader.js';
import { cannotBeExecuted } from '../dsl/logzio-restrictions.js';
import type { ParseOptions } from '../dsl/parse-options.js';
import { parseQuery } from './parse-query.js';

type AggregationParser = (body: unknown, path: string, context: AggregationContext) => AggregationAst;

const PARSERS: Readonly<Record<string, AggregationParser>> = {
  terms: parseTermsAggregation,
  date_histogram: parseDateHistogram,
  histogram: parseHistogram,
  range: parseRangeAggregation,
  date_range: parseDateRangeAggregation,
  filters: parseFiltersAggregation,
  filter: parseFilterAggregation,
  missing: parseMissingAggregation,
  avg: (body, path, context) => parseMetric('avg', body, path, context),
  sum: (body, path, context) => parseMetric('sum', body, path, context),
  min: (body, path, context) => parseMetric('min', body, path, context),
  max: (body, path, context) => parseMetric('max', body, path, context),
  value_count: (body, path, context) => parseMetric('value_count', body, path, context),
  cardinality: (body, path, context) => parseMetric('cardinality', body, path, context),
  stats: (body, path, context) => parseMetric('stats', body, path, context),
  extended_stats: (body, path, context) => parseMetric('extended_stats', body, path, context),
  percentiles: parsePercentiles,
  top_hits: parseTopHits,
};

/** Aggregation types Logz.io refuses outright (reference §2.6). */
const LOGZIO_FORBIDDEN = new Set(['significant_terms', 'multi_terms']);

const RESERVED_NAME = /[[\]>]/;

function parseOne(name: string, json: unknown, path: string, options: ParseOptions): NamedAggregation {
  if (RESERVED_NAME.test(name)) throw dslError(path, `invalid aggregation name [${name}]: it must not contain '[', ']' or '>'`);
  const object = expectObject(json, path);
  const typeKeys = Object.keys(object).filter((key) => key !== 'aggs' && key !== 'aggregations' && key !== 'meta');
  const [type, ...others] = typeKeys;
  if (type === undefined) throw dslError(path, `missing aggregation type for [${name}]`);
  if (others.length > 0) throw dslError(path, `expected one aggregation type for [${name}] but found [${typeKeys.join(', ')}]`);
  if (object.aggs !== undefined && object.aggregations !== undefined) throw dslError(path, 'use either aggs or aggregations, not both');
  const at = child(path, type);
  if (options.profile === 'logzio' && LOGZIO_FORBIDDEN.has(type))
    throw cannotBeExecuted(`aggregation type ${type} is not allowed (${at})`, at);
  const parser = PARSERS[type];
  if (parser === undefined) throw dslError(at, `unknown or unsupported aggregation type [${type}]`);
  const subKey = object.aggs !== undefined ? 'aggs' : 'aggregations';
  const subAggregations = object[subKey] === undefined ? [] : parseAggregations(object[subKey], options, child(path, subKey));
  const meta = object.meta === undefined ? null : expectObject(object.meta, child(path, 'meta'));
  const context: AggregationContext = {
    options,
    subAggregations,
    parseQuery: (query, queryPath) => parseQuery(query, options, queryPath),
  };
  return { name, aggregation: parser(object[type], at, context), meta };
}

/** The `aggs`/`aggregations` object at `path` → named aggregations, nested to any depth. */
export function parseAggregations(json: unknown, options: ParseOptions, path = 'aggs'): NamedAggregation[] {
  return Object.entries(expectObject(json, path)).map(([name, body]) => parseOne(name, body, child(path, name), options));
}
