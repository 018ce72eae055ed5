import type { GroupMeasure, MeasuredGroup } from '../../storage/log-store.js';
import type { BucketQuestion, GroupPartial, LogQuestions, Question } from '../questions/question.js';
import { groupKeyOf } from '../triggers/correlation.js';

/**
 * The exact preview (decision 0780): a rule whose measures are sums, minima and maxima of per-bucket partials
 * (COUNT, SUM, MIN, MAX, AVG, share of logs) has every window of its grid computed from one pass of partials per
 * bucket, instead of one store question per window — so the 1,440 windows of a 60-s interval are all judged.
 */

/** Buckets a preview may slide over at most (a 10-s bucket over 24 h and a window). */
const MAX_SPAN_BUCKETS = 10_000;
/** Bucket × group rows one search answers at most: well under the search path's 65,536 buckets. */
const TARGET_ROWS_PER_SEARCH = 30_000;
/** Buckets the first search of a question asks for; later ones are sized from the groups seen. */
const FIRST_CHUNK_BUCKETS = 120;
const MAX_CHUNK_BUCKETS = 1_440;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The longest bucket every window of the grid is made of whole (epoch-aligned, as date_histogram buckets are), or
 * undefined when there is none worth sliding (under a second, or too many over the span).
 */
export function bucketLengthOf(windowMs: number, ends: readonly number[]): number | undefined {
  if (ends.length === 0 || !Number.isSafeInteger(windowMs) || windowMs <= 0) return undefined;
  let bucketMs = windowMs;
  for (const end of ends) bucketMs = gcd(bucketMs, Math.abs(end));
  const spanMs = (ends[ends.length - 1] as number) - (ends[0] as number) + windowMs;
  return bucketMs < 1_000 || spanMs / bucketMs > MAX_SPAN_BUCKETS ? undefined : bucketMs;
}

/** Whether a measure's window value follows from its buckets' partials. */
export function isSlidable(measure: GroupMeasure): boolean {
  return measure.kind !== 'unique_count' && measure.kind !== 'percentile';
}

interface Accumulated {
  readonly group: Readonly<Record<string, string>>;
  count: number;
  numbers: number;
  sum: number;
  min: number | null;
  max: number | null;
  matched: number;
}

const byKeyValue = (a: string, b: string): number => {
  const x = Number(a);
  const y = Number(b);
  if (a !== '' && b !== '' && Number.isFinite(x) && Number.isFinite(y) && x !== y) return x - y;
  return a < b ? -1 : a > b ? 1 : 0;
};

function valueOf(measure: GroupMeasure, totals: Accumulated): number | undefined {
  switch (measure.kind) {
    case 'count':
      return totals.count;
    case 'sum':
      return totals.sum;
    case 'avg':
      return totals.numbers === 0 ? undefined : totals.sum / totals.numbers;
    case 'min':
      return totals.min ?? undefined;
    case 'max':
      return totals.max ?? undefined;
    case 'share':
      return totals.count === 0 ? undefined : (totals.matched / totals.count) * 100;
    default:
      return undefined;
  }
}

/**
 * One window's answer from the partials of the buckets in [fromMs, toMs), as the store answers the question over that
 * window: groups without a value left out, the one group `{}` over no logs for COUNT and SUM, the largest groups first.
 * Undefined when the window has more groups than the store would list.
 */
export function slideWindow(
  partials: ReadonlyMap<number, readonly GroupPartial[]>,
  question: Pick<Question, 'groupBy' | 'measure'>,
  window: { readonly fromMs: number; readonly toMs: number },
  bucketMs: number,
  maxGroups: number,
): MeasuredGroup[] | undefined {
  const totals = new Map<string, Accumulated>();
  for (let start = window.fromMs; start < window.toMs; start += bucketMs) {
    for (const partial of partials.get(start) ?? []) {
      const key = groupKeyOf(partial.group);
      const seen = totals.get(key);
      if (seen === undefined) {
        totals.set(key, { ...partial });
        continue;
      }
      seen.count += partial.count;
      seen.numbers += partial.numbers;
      seen.sum += partial.sum;
      seen.matched += partial.matched;
      if (partial.min !== null) seen.min = seen.min === null ? partial.min : Math.min(seen.min, partial.min);
      if (partial.max !== null) seen.max = seen.max === null ? partial.max : Math.max(seen.max, partial.max);
    }
  }
  if (totals.size > maxGroups) return undefined;
  const ordered = [...totals.values()].sort((a, b) => {
    if (a.count !== b.count) return b.count - a.count;
    for (const field of question.groupBy) {
      const order = byKeyValue(a.group[field] ?? '', b.group[field] ?? '');
      if (order !== 0) return order;
    }
    return 0;
  });
  const answer: MeasuredGroup[] = [];
  for (const group of ordered) {
    const value = valueOf(question.measure, group);
    if (value !== undefined) answer.push({ group: group.group, value });
  }
  if (question.groupBy.length === 0 && answer.length === 0 && (question.measure.kind === 'count' || question.measure.kind === 'sum'))
    answer.push({ group: {}, value: 0 });
  return answer;
}

/** The questions of every window are the same but for the window: then one set of partials answers them all. */
function sameQuestions(questions: readonly (readonly Question[])[]): readonly Question[] | undefined {
  const template = questions[questions.length - 1];
  if (template === undefined) return undefined;
  const shape = (list: readonly Question[]): string => JSON.stringify(list.map(({ window: _window, ...rest }) => rest));
  const expected = shape(template);
  return questions.every((list) => shape(list) === expected) ? template : undefined;
}

export interface ExactAnswers {
  /** Index of the oldest window answered: the newest ones are, when the budget ran out first. */
  readonly first: number;
  /** Per window of the grid (from `first` on), the answers to its questions. */
  readonly answered: readonly (readonly MeasuredGroup[][])[];
}

export interface ExactInput {
  readonly questions: LogQuestions;
  readonly windowMs: number;
  readonly ends: readonly number[];
  readonly perWindow: readonly (readonly Question[])[];
  readonly excludedTypes: (question: Question) => readonly string[];
  readonly signal: AbortSignal;
  readonly budget: AbortSignal;
}

/**
 * Every window's answers from per-bucket partials, newest buckets asked first; undefined when the rule cannot be
 * previewed exactly (a measure that does not slide, windows off the bucket grid, too many groups, a store without
 * bucketed measures or one that refused the search) — the caller then judges windows one by one.
 */
export async function exactAnswers(input: ExactInput): Promise<ExactAnswers | undefined> {
  const { questions, windowMs, ends } = input;
  const measureBuckets = questions.measureBuckets?.bind(questions);
  const template = sameQuestions(input.perWindow);
  const bucketMs = bucketLengthOf(windowMs, ends);
  if (measureBuckets === undefined || template === undefined || bucketMs === undefined) return undefined;
  if (!template.every((question) => isSlidable(question.measure))) return undefined;
  const spanFrom = (ends[0] as number) - windowMs;
  const spanTo = ends[ends.length - 1] as number;
  const asking = AbortSignal.any([input.signal, input.budget]);

  let coveredFrom = spanFrom;
  const partials: Map<number, readonly GroupPartial[]>[] = [];
  let maxGroups = Number.POSITIVE_INFINITY;
  for (const question of template) {
    const { window: _window, ...rest } = question;
    const byBucket = new Map<number, readonly GroupPartial[]>();
    partials.push(byBucket);
    let chunk = FIRST_CHUNK_BUCKETS;
    let to = spanTo;
    while (to > spanFrom) {
      const from = Math.max(spanFrom, to - chunk * bucketMs);
      const asked: BucketQuestion = { ...rest, span: { fromMs: from, toMs: to }, bucketMs, excludedTypes: input.excludedTypes(question) };
      let answer;
      try {
        answer = await measureBuckets(asked, asking);
      } catch {
        input.signal.throwIfAborted();
        if (input.budget.aborted) break;
        // Refused (too many buckets, …): judged window by window instead, which reports a real failure itself.
        return undefined;
      }
      if (answer === undefined) return undefined;
      maxGroups = Math.min(maxGroups, answer.maxGroups);
      let widest = 1;
      for (const bucket of answer.buckets) {
        byBucket.set(bucket.startMs, bucket.groups);
        widest = Math.max(widest, bucket.groups.length);
      }
      to = from;
      chunk = Math.max(1, Math.min(MAX_CHUNK_BUCKETS, Math.floor(TARGET_ROWS_PER_SEARCH / widest)));
    }
    coveredFrom = Math.max(coveredFrom, to);
  }

  let first = 0;
  while (first < ends.length && (ends[first] as number) - windowMs < coveredFrom) first += 1;
  const answered: MeasuredGroup[][][] = [];
  for (let index = first; index < ends.length; index += 1) {
    const end = ends[index] as number;
    const answers: MeasuredGroup[][] = [];
    for (const [position, question] of template.entries()) {
      const answer = slideWindow(
        partials[position] as Map<number, readonly GroupPartial[]>,
        question,
        { fromMs: end - windowMs, toMs: end },
        bucketMs,
        maxGroups,
      );
      if (answer === undefined) return undefined;
      answers.push(answer);
    }
    answered[index] = answers;
  }
  return { first, answered };
}
