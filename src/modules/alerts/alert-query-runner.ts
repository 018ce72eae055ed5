import type { AlertFilters, Aggregation } from './alert.js';

/** One sub-component's query over one window: what the engine asks of the search path. */
export interface AlertQuery {
  /** The alert's account: the searcher, so its search permissions decide what `accountIds` may hold. */
  readonly alertAccountId: number;
  readonly accountIds: readonly number[];
  /** Lucene query string, parsed exactly as `/v1/search` parses `query_string`. */
  readonly query: string;
  readonly filters: AlertFilters | undefined;
  /** Window [fromMs, toMs) on `@timestamp`. */
  readonly fromMs: number;
  readonly toMs: number;
}

/** A group's aggregated value; `group` is empty without groupBy. */
export interface GroupValue {
  readonly group: Readonly<Record<string, string>>;
  readonly value: number;
}

/** One question of a batch: a query string and the alert's filters. */
export interface AlertQuestion {
  readonly query: string;
  readonly filters: AlertFilters | undefined;
}

/**
 * Questions over the same accounts, window, grouping and aggregation: the engine asks them together, so
 * that one scan of the window answers many alerts.
 */
export interface AlertQueryBatch {
  readonly alertAccountId: number;
  readonly accountIds: readonly number[];
  readonly fromMs: number;
  readonly toMs: number;
  readonly groupBy: readonly string[];
  readonly aggregation: Aggregation;
  readonly questions: readonly AlertQuestion[];
}

/**
 * The port the alert engine runs its queries through. The implementation goes through the same
 * parse → scope → compile path as `/v1/search`, so an alert matches exactly what a search shows.
 */
export interface AlertQueryRunner {
  /**
   * For each question (same order), the matching logs grouped by `groupBy` (logs missing a group field are
   * left out) and aggregated per group; groups without a value (e.g. AVG over no numbers) are left out.
   */
  aggregateMany(batch: AlertQueryBatch, signal: AbortSignal): Promise<GroupValue[][]>;
  /** Up to `limit` matching logs of one group, newest first, as flat field → value objects. */
  samples(query: AlertQuery & { readonly group: Readonly<Record<string, string>>; readonly limit: number }, signal: AbortSignal): Promise<Readonly<Record<string, unknown>>[]>;
}
