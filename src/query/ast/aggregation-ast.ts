import type { SortClause, SortOrder, SourceFilter } from './hits-ast.js';
import type { QueryAst, TermValue } from './query-ast.js';

/** The backend-neutral form of Elasticsearch aggregations, nested to any depth. */

/** Bucket order: by count, by key, or by a metric of a sub-aggregation (`"avg_x"`, `"stats_x.max"`, `"stats_x[max]"`). */
export type BucketOrder =
  | { readonly by: '_count'; readonly order: SortOrder }
  | { readonly by: '_key'; readonly order: SortOrder }
  | { readonly by: 'aggregation'; readonly aggregation: string; readonly metric: string | null; readonly order: SortOrder };

/** terms `include` / `exclude`. */
export type TermsFilter =
  | { readonly kind: 'regex'; readonly pattern: string }
  | { readonly kind: 'values'; readonly values: readonly TermValue[] }
  | { readonly kind: 'partition'; readonly partition: number; readonly numPartitions: number };

export type CalendarUnit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';

export type HistogramInterval =
  | { readonly kind: 'fixed'; readonly ms: number; readonly original: string }
  | { readonly kind: 'calendar'; readonly unit: CalendarUnit; readonly original: string };

export interface NumericBounds {
  readonly min: number | null;
  readonly max: number | null;
}

/** A date given as written and resolved (date math against the request's `now`). */
export interface ResolvedDate {
  readonly epochMs: number;
  readonly original: string | number;
}

export interface NumericRange {
  readonly key: string | null;
  readonly from: number | null;
  readonly to: number | null;
}

export interface DateRange {
  readonly key: string | null;
  readonly from: ResolvedDate | null;
  readonly to: ResolvedDate | null;
}

export interface NamedFilter {
  /** Bucket key: the name for keyed filters, the index as a string for anonymous ones. */
  readonly key: string;
  readonly query: QueryAst;
}

type MetricKind = 'avg' | 'sum' | 'min' | 'max' | 'value_count' | 'cardinality' | 'stats' | 'extended_stats';

export type AggregationAst =
  | {
      readonly kind: 'terms';
      readonly field: string;
      readonly size: number;
      readonly order: readonly BucketOrder[];
      readonly minDocCount: number;
      /** Bucket for documents without the field, under this key; null: such documents are left out. */
      readonly missing: TermValue | null;
      readonly include: TermsFilter | null;
      readonly exclude: TermsFilter | null;
      readonly showTermDocCountError: boolean;
      readonly aggregations: readonly NamedAggregation[];
    }
  | {
      readonly kind: 'date_histogram';
      readonly field: string;
      readonly interval: HistogramInterval;
      /** IANA zone or ±hh:mm, null for UTC. */
      readonly timeZone: string | null;
      readonly offsetMs: number;
      readonly minDocCount: number;
      readonly extendedBounds: { readonly min: ResolvedDate | null; readonly max: ResolvedDate | null } | null;
      readonly hardBounds: { readonly min: ResolvedDate | null; readonly max: ResolvedDate | null } | null;
      /** Date format for `key_as_string`, null for strict_date_optional_time. */
      readonly format: string | null;
      readonly order: readonly BucketOrder[];
      readonly keyed: boolean;
      readonly missing: ResolvedDate | null;
      readonly aggregations: readonly NamedAggregation[];
    }
  | {
      readonly kind: 'histogram';
      readonly field: string;
      readonly interval: number;
      readonly offset: number;
      readonly minDocCount: number;
      readonly extendedBounds: NumericBounds | null;
      readonly hardBounds: NumericBounds | null;
      readonly order: readonly BucketOrder[];
      readonly keyed: boolean;
      readonly missing: number | null;
      readonly aggregations: readonly NamedAggregation[];
    }
  | {
      readonly kind: 'range';
      readonly field: string;
      readonly ranges: readonly NumericRange[];
      readonly keyed: boolean;
      readonly missing: number | null;
      readonly aggregations: readonly NamedAggregation[];
    }
  | {
      readonly kind: 'date_range';
      readonly field: string;
      readonly ranges: readonly DateRange[];
      readonly keyed: boolean;
      readonly format: string | null;
      readonly timeZone: string | null;
      readonly missing: ResolvedDate | null;
      readonly aggregations: readonly NamedAggregation[];
    }
  | {
      readonly kind: 'filters';
      readonly filters: readonly NamedFilter[];
      /** Named filters answer buckets as an object (keyed), anonymous ones as an array. */
      readonly keyed: boolean;
      readonly otherBucket: boolean;
      readonly otherBucketKey: string;
      readonly aggregations: readonly NamedAggregation[];
    }
  | { readonly kind: 'filter'; readonly query: QueryAst; readonly aggregations: readonly NamedAggregation[] }
  | { readonly kind: 'missing'; readonly field: string; readonly aggregations: readonly NamedAggregation[] }
  | {
      readonly kind: MetricKind;
      readonly field: string;
      /** Value used for documents without the field; null: they are skipped. */
      readonly missing: TermValue | null;
      /** extended_stats `sigma` (default 2); cardinality `precision_threshold`; otherwise unused (null). */
      readonly sigma: number | null;
      readonly precisionThreshold: number | null;
    }
  | {
      readonly kind: 'percentiles';
      readonly field: string;
      readonly percents: readonly number[];
      readonly keyed: boolean;
      readonly missing: TermValue | null;
    }
  | {
      readonly kind: 'top_hits';
      readonly from: number;
      readonly size: number;
      readonly sort: readonly SortClause[];
      readonly source: SourceFilter;
    };

export type AggregationKind = AggregationAst['kind'];

export interface NamedAggregation {
  readonly name: string;
  readonly aggregation: AggregationAst;
  /** `meta` object, echoed back in the response as is; null when absent. */
  readonly meta: Readonly<Record<string, unknown>> | null;
}
