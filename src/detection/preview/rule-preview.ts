import { newFirings, openIncidentsOf } from '../incidents/open-incidents.js';
import { excludedEventLogTypes, type OwnEventLogs } from '../questions/own-event-logs.js';
import type { LogQuestions } from '../questions/question.js';
import { answerOf, createQuestionBatches, type Ticket } from '../questions/question-batches.js';
import type { MeasuredGroup } from '../../storage/log-store.js';
import { questionsOfWindows, type DetectionRule, type Firing, type RuleKind } from '../rule-kind.js';
import { groupKeyOf } from '../triggers/correlation.js';
import { dueWindowEnds } from '../windows/evaluation-windows.js';
import { exactAnswers } from './exact-preview.js';

/** How far back a preview judges. */
export const PREVIEW_SPAN_MS = 24 * 3_600_000;
/**
 * Windows one preview judges at most (decision 0678): 288 is every 5 minutes over 24 hours. A rule whose grid has
 * more (the default 1-minute interval has 1,440) is judged on every k-th window of its grid, and the answer says so.
 */
export const MAX_PREVIEW_WINDOWS = 288;
/** Question batches a preview asks at the same time (background searches, behind interactive ones). */
const PREVIEW_CONCURRENCY = 2;
/**
 * Time one preview may take. Its searches are background work, which yields to interactive searches (decision 0359):
 * on a busy store the newest windows are judged first and the older ones are left out when the time is up.
 */
export const PREVIEW_BUDGET_MS = 25_000;
const MAX_QUESTIONS_PER_BATCH = 50;

export interface PreviewSettings {
  readonly intervalMs: number;
  readonly settleDelayMs: number;
  readonly evaluationTimeoutMs: number;
}

/** A firing the rule would have made: its window, group, value and severity. */
export interface PreviewFiring extends Firing {
  readonly windowStartMs: number;
  readonly windowEndMs: number;
}

export interface RulePreview {
  /** The span judged: the last 24 hours, or less when the time budget ran out first. */
  readonly fromMs: number;
  readonly toMs: number;
  /** Whether every planned window was judged (false: the budget ran out and the oldest were left out). */
  readonly complete: boolean;
  /** Windows of the rule's grid in that span (what the engine judges). */
  readonly windowsOnGrid: number;
  readonly windowsJudged: number;
  /** Every `stride`-th window of the grid was judged: 1 when the preview is the engine's judgement window for window. */
  readonly stride: number;
  /**
   * How the windows were judged (decision 0780): `exact` — every window of the grid, computed from per-bucket
   * partials of the measure; `stride` — each judged window asked of the store on its own, every stride-th one.
   */
  readonly method: 'exact' | 'stride';
  /** Newest first. */
  readonly firings: readonly PreviewFiring[];
}

/** How a preview judges (tests compare the exact preview with every window asked one by one). */
export interface PreviewOptions {
  /** Windows judged one by one at most (default MAX_PREVIEW_WINDOWS). */
  readonly maxWindows?: number;
  /** false: never the exact preview (default: exact whenever the rule allows it). */
  readonly exact?: boolean;
  /** Time the preview may take (default PREVIEW_BUDGET_MS). */
  readonly budgetMs?: number;
}

export interface PreviewDeps {
  readonly questions: LogQuestions;
  readonly settings: PreviewSettings;
  readonly ownEventLogs: readonly OwnEventLogs[];
}

/**
 * What a rule would have fired over the last 24 hours, by the engine's own code: its window grid
 * (dueWindowEnds), its questions and batches, the kind's judgement, and once-per-incident (newFirings) against the
 * preview's own earlier firings. Nothing is recorded, notified or logged.
 */
export async function previewRule<R extends DetectionRule>(
  deps: PreviewDeps,
  kind: RuleKind<R>,
  rule: R,
  nowMs: number,
  signal: AbortSignal,
  options: PreviewOptions = {},
): Promise<RulePreview> {
  const { settings } = deps;
  const grid = dueWindowEnds({
    schedule: rule.schedule,
    evaluatedUntil: nowMs - settings.settleDelayMs - PREVIEW_SPAN_MS,
    nowMs,
    settleDelayMs: settings.settleDelayMs,
    intervalMs: settings.intervalMs,
    maxWindows: Number.MAX_SAFE_INTEGER,
  });
  const budget = AbortSignal.timeout(options.budgetMs ?? PREVIEW_BUDGET_MS);
  if (options.exact !== false && grid.length > 0 && deps.questions.measureBuckets !== undefined) {
    const exact = await exactAnswers({
      questions: deps.questions,
      windowMs: rule.windowMs,
      ends: grid,
      perWindow: await questionsOfWindows(kind, rule, grid),
      excludedTypes: (question) => excludedEventLogTypes(question.condition, deps.ownEventLogs),
      signal,
      budget,
    });
    if (exact !== undefined) return judged(kind, rule, grid, grid, exact.first, exact.answered, 1, 'exact', nowMs);
  }

  const stride = Math.max(1, Math.ceil(grid.length / (options.maxWindows ?? MAX_PREVIEW_WINDOWS)));
  // The newest window is always judged; the stride counts back from it.
  const ends = grid.filter((_, index) => (grid.length - 1 - index) % stride === 0);
  const questions = await questionsOfWindows(kind, rule, ends);
  const batches = createQuestionBatches(MAX_QUESTIONS_PER_BATCH);
  // Asked newest first (batches run in the order they were made), so a budget cut leaves out the oldest windows.
  const tickets: Ticket[][] = [];
  for (let index = ends.length - 1; index >= 0; index -= 1) {
    tickets[index] = (questions[index] ?? []).map((question) =>
      batches.ask(question, excludedEventLogTypes(question.condition, deps.ownEventLogs)),
    );
  }
  await batches.run(deps.questions, PREVIEW_CONCURRENCY, settings.evaluationTimeoutMs, AbortSignal.any([signal, budget]));
  signal.throwIfAborted();

  const answered = ends.map((_, index) => (tickets[index] ?? []).map(answerOf));
  // The newest run of answered windows is judged; a failure other than the budget running out is the answer.
  let first = ends.length;
  while (first > 0) {
    const failed = (answered[first - 1] ?? []).find((answer): answer is Error => answer instanceof Error);
    if (failed !== undefined) {
      if (budget.aborted) break;
      throw failed;
    }
    first -= 1;
  }
  return judged(kind, rule, grid, ends, first, answered as MeasuredGroup[][][], stride, 'stride', nowMs);
}

/** The kind's judgement of the answered windows, oldest first, with once-per-incident against earlier firings. */
function judged<R extends DetectionRule>(
  kind: RuleKind<R>,
  rule: R,
  grid: readonly number[],
  ends: readonly number[],
  first: number,
  answered: readonly (readonly (readonly MeasuredGroup[])[] | undefined)[],
  stride: number,
  method: RulePreview['method'],
  nowMs: number,
): RulePreview {
  const fired: PreviewFiring[] = [];
  for (let index = first; index < ends.length; index += 1) {
    const end = ends[index] as number;
    const judgement = kind.judge(rule, answered[index] ?? []);
    if (judgement.length === 0) continue;
    // As the engine reads its firing table: earlier firings whose window end lies inside this window.
    const earlier = fired
      .filter((firing) => firing.windowEndMs > end - rule.windowMs && firing.windowEndMs < end)
      .map((firing) => ({ groupKey: groupKeyOf(firing.group), severity: firing.severity }));
    for (const firing of newFirings(judgement, openIncidentsOf(earlier)))
      fired.push({ ...firing, windowStartMs: end - rule.windowMs, windowEndMs: end });
  }
  const toMs = grid[grid.length - 1] ?? nowMs;
  const complete = first === 0;
  return {
    fromMs: complete ? toMs - PREVIEW_SPAN_MS : (ends[first] ?? toMs) - rule.windowMs,
    toMs,
    complete,
    windowsOnGrid: grid.length,
    windowsJudged: ends.length - first,
    stride,
    method,
    firings: fired.reverse(),
  };
}
