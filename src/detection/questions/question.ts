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
 * One question's partial measures per fixed time bucket over a span (the exact preview, decision 0780): enough to
 * compute the question's answer for any window made of whole buckets without asking the store again.
 */
export interface BucketQuestion extends Omit<Question, 'window'> {
  /** Whole buckets: fromMs and toMs are multiples of bucketMs. */
  readonly span: DetectionWindow;
  readonly bucketMs: number;
  readonly excludedTypes: readonly string[];
}

/** A group's partials in one bucket: what COUNT, SUM, MIN, MAX, AVG and share-of-logs slide over. */
export interface GroupPartial {
  readonly group: Readonly<Record<string, string>>;
  /** Logs in the group (a group with logs is answered even when it has no numbers: SUM 0). */
  readonly count: number;
  /** Numbers of the measured field among them (AVG, MIN, MAX have no value without any). */
  readonly numbers: number;
  readonly sum: number;
  readonly min: number | null;
  readonly max: number | null;
  /** Logs also matching the share condition (share measure only, else 0). */
  readonly matched: number;
}

export interface MeasuredBucket {
  readonly startMs: number;
  readonly groups: readonly GroupPartial[];
}

/** The partials of the span's buckets that have logs; `maxGroups` is what one window's answer holds at most. */
export interface BucketedMeasure {
  readonly buckets: readonly MeasuredBucket[];
  readonly maxGroups: number;
}

/**
 * The port the engine asks the logs through. Its implementation scopes each question exactly as a search of the
 * searcher account would be scoped, so a rule counts exactly what that account's search shows.
 */
export interface LogQuestions {
  /** Per condition (same order), the measure of each group; see LogStore.measureGroups. */
  measure(batch: QuestionBatch, signal: AbortSignal): Promise<MeasuredGroup[][]>;
  /**
   * Per-bucket partials of one question over a span, or undefined when they would not be complete (a bucket with more
   * groups than the store lists). Optional: without it the preview judges windows one by one.
   */
  measureBuckets?(question: BucketQuestion, signal: AbortSignal): Promise<BucketedMeasure | undefined>;
  /** Up to `limit` matching logs, newest first, as their `_source`. */
  samples(
    request: SampleRequest & { readonly excludedTypes: readonly string[] },
    signal: AbortSignal,
  ): Promise<Readonly<Record<string, unknown>>[]>;
}
