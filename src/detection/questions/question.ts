import type { QueryAst } from '../../query/index.js';
import type { GroupMeasure, MeasuredGroup } from '../../storage/log-store.js';

/** A window of logs, [fromMs, toMs) on `@timestamp`. */
export interface DetectionWindow {
  readonly fromMs: number;
  readonly toMs: number;
}

/** One thing a rule wants to know of one window: a measure of each group of the logs matching `condition`. */
export interface Question {
  /** The account searching: its search permissions decide which of `accountIds` may be read. */
  readonly searcherAccountId: number;
  readonly accountIds: readonly number[];
  readonly window: DetectionWindow;
  readonly groupBy: readonly string[];
  readonly measure: GroupMeasure;
  readonly condition: QueryAst;
}

/** Questions over the same accounts, window, grouping and measure, asked together: one pass answers them all. */
export interface QuestionBatch {
  readonly searcherAccountId: number;
  readonly accountIds: readonly number[];
  readonly window: DetectionWindow;
  readonly groupBy: readonly string[];
  readonly measure: GroupMeasure;
  /** Log types left out: the service's own event logs, unless the conditions name them. */
  readonly excludedTypes: readonly string[];
  readonly conditions: readonly QueryAst[];
}

/** Logs of one firing to show in its notifications, newest first. */
export interface SampleRequest {
  readonly searcherAccountId: number;
  readonly accountIds: readonly number[];
  readonly window: DetectionWindow;
  readonly condition: QueryAst;
  readonly limit: number;
}

/**
 * The port the engine asks the logs through. Its implementation scopes each question exactly as a search of the
 * searcher account would be scoped, so a rule counts exactly what that account's search shows.
 */
export interface LogQuestions {
  /** Per condition (same order), the measure of each group; see LogStore.measureGroups. */
  measure(batch: QuestionBatch, signal: AbortSignal): Promise<MeasuredGroup[][]>;
  /** Up to `limit` matching logs, newest first, as their `_source`. */
  samples(
    request: SampleRequest & { readonly excludedTypes: readonly string[] },
    signal: AbortSignal,
  ): Promise<Readonly<Record<string, unknown>>[]>;
}
