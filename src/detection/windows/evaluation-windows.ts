import { alertCron } from '../../shared/quartz-cron.js';
import type { RuleSchedule } from '../rule-kind.js';

export interface WindowPlanInput {
  readonly schedule: RuleSchedule | undefined;
  /** End of the last window judged (the rule's watermark), or undefined before the first evaluation. */
  readonly evaluatedUntil: number | undefined;
  readonly nowMs: number;
  /** How long after a window ends its logs are taken to be in (ingest lag allowance). */
  readonly settleDelayMs: number;
  /** Spacing of windows for rules without a cron schedule. */
  readonly intervalMs: number;
  /** At most this many windows per evaluation, so that a long outage is caught up over a few cycles. */
  readonly maxWindows: number;
}

/**
 * Which windows are due: every window end on the rule's grid (its cron, else multiples of the interval) after the
 * watermark whose data has settled. Judging from the watermark, not from "now", is what keeps a late cycle from
 * skipping windows and a repeated cycle from judging one twice.
 */
export function dueWindowEnds(input: WindowPlanInput): number[] {
  const latestSettled = input.nowMs - input.settleDelayMs;
  const cronExpression = input.schedule?.cronExpression;
  if (cronExpression === undefined) {
    const latest = Math.floor(latestSettled / input.intervalMs) * input.intervalMs;
    if (input.evaluatedUntil === undefined) return [latest];
    const ends: number[] = [];
    const first = Math.floor(input.evaluatedUntil / input.intervalMs) * input.intervalMs + input.intervalMs;
    for (let end = first; end <= latest && ends.length < input.maxWindows; end += input.intervalMs) ends.push(end);
    return ends;
  }
  const cron = alertCron(cronExpression, input.schedule?.timezone ?? 'UTC');
  try {
    // Before the first evaluation only the newest settled tick counts: there is no history to replay.
    const horizon = input.evaluatedUntil ?? latestSettled - 24 * 3_600_000;
    const ends: number[] = [];
    let cursor = new Date(horizon);
    for (;;) {
      const next = cron.nextRun(cursor);
      if (next === null || next.getTime() > latestSettled) break;
      ends.push(next.getTime());
      cursor = next;
      if (input.evaluatedUntil !== undefined && ends.length >= input.maxWindows) break;
    }
    return input.evaluatedUntil === undefined ? ends.slice(-1) : ends;
  } finally {
    cron.stop();
  }
}
