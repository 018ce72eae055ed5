import type { Bucket } from '../search.js';
import { highestTierMet, type TierMet } from '../../../src/trigger-model/index.js';
import { SEVERITIES, type Severity, type SubForm } from './alert-model.js';

export const PREVIEW_HOURS = 24;
export const MINUTE_MS = 60_000;

/** Aggregations the preview computes exactly from per-minute buckets (a distinct count cannot be summed). */
export function previewable(sub: SubForm): boolean {
  return ['COUNT', 'SUM', 'MIN', 'MAX', 'AVG'].includes(sub.aggregationType);
}

/** The per-minute metric a window's value is folded from (`stats` gives sum, min, max and count at once). */
export function minuteMetricAgg(sub: SubForm): Record<string, unknown> | undefined {
  return sub.aggregationType === 'COUNT' ? undefined : { stats: { field: sub.field.trim() } };
}

/**
 * The highest severity whose threshold the value meets, by the evaluator's own rule (src/trigger-model, decision
 * 0677), from the form's threshold texts.
 */
export function severityMet(sub: SubForm, value: number): TierMet | undefined {
  const tiers = Object.fromEntries(
    SEVERITIES.filter((severity) => sub.tiers[severity].trim() !== '').map((severity) => [severity, Number(sub.tiers[severity])]),
  );
  return highestTierMet({ operator: sub.operator, severityThresholdTiers: tiers }, value);
}

export interface PreviewFiring {
  readonly startMs: number;
  readonly endMs: number;
  readonly group: string;
  readonly value: number;
  readonly severity: Severity;
  readonly threshold: number;
}

interface Minute {
  readonly count: number;
  readonly sum: number;
  readonly min: number;
  readonly max: number;
}

function minuteOf(bucket: Bucket, sub: SubForm): Minute {
  if (sub.aggregationType === 'COUNT') return { count: bucket.doc_count, sum: 0, min: Infinity, max: -Infinity };
  const stats = (bucket.metric ?? {}) as { count?: number; sum?: number | null; min?: number | null; max?: number | null };
  return { count: stats.count ?? 0, sum: stats.sum ?? 0, min: stats.min ?? Infinity, max: stats.max ?? -Infinity };
}

function fold(minutes: readonly Minute[], sub: SubForm): number | undefined {
  const count = minutes.reduce((total, minute) => total + minute.count, 0);
  switch (sub.aggregationType) {
    case 'COUNT':
      return count;
    case 'SUM':
      return minutes.reduce((total, minute) => total + minute.sum, 0);
    case 'MIN':
      return count === 0 ? undefined : Math.min(...minutes.map((minute) => minute.min));
    case 'MAX':
      return count === 0 ? undefined : Math.max(...minutes.map((minute) => minute.max));
    case 'AVG':
      return count === 0 ? undefined : minutes.reduce((total, minute) => total + minute.sum, 0) / count;
    default:
      return undefined;
  }
}

/**
 * What the evaluator would have found, from a per-minute histogram (split by the first group-by field when there is
 * one): it judges a window of the alert's length ending on every minute, so each minute end from `firstEndMs` on is
 * judged over the minutes before it. A group is judged only in windows where it has logs (as a grouped search finds
 * it); an ungrouped empty window counts 0.
 */
export function firingsOf(
  buckets: readonly Bucket[],
  sub: SubForm,
  windowMinutes: number,
  grouped: boolean,
  firstEndMs: number,
): PreviewFiring[] {
  const series = new Map<string, Map<number, Minute>>();
  for (const bucket of buckets) {
    const startMs = Number(bucket.key);
    const groups: [string, Bucket][] = grouped
      ? ((bucket.groups as { buckets?: Bucket[] } | undefined)?.buckets ?? []).map((group) => [String(group.key), group])
      : [['', bucket]];
    for (const [group, values] of groups) {
      let minutes = series.get(group);
      if (minutes === undefined) series.set(group, (minutes = new Map()));
      minutes.set(startMs, minuteOf(values, sub));
    }
  }
  if (!grouped && !series.has('')) series.set('', new Map());
  const ends = buckets.map((bucket) => Number(bucket.key) + MINUTE_MS).filter((end) => end >= firstEndMs);
  const firings: PreviewFiring[] = [];
  for (const [group, minutes] of series) {
    for (const endMs of ends) {
      const startMs = endMs - windowMinutes * MINUTE_MS;
      const inWindow: Minute[] = [];
      for (let at = startMs; at < endMs; at += MINUTE_MS) {
        const minute = minutes.get(at);
        if (minute !== undefined && minute.count > 0) inWindow.push(minute);
      }
      if (grouped && inWindow.length === 0) continue;
      const value = fold(inWindow, sub);
      if (value === undefined) continue;
      const met = severityMet(sub, value);
      if (met !== undefined) firings.push({ startMs, endMs, group, value, ...met });
    }
  }
  return firings.sort((a, b) => b.endMs - a.endMs || a.group.localeCompare(b.group));
}

/** Runs of consecutive firing minutes of one group: what a person would call "it fired". */
export function episodesOf(firings: readonly PreviewFiring[]): number {
  const ends = new Set(firings.map((firing) => `${firing.group}\u0000${firing.endMs}`));
  return firings.filter((firing) => !ends.has(`${firing.group}\u0000${firing.endMs - MINUTE_MS}`)).length;
}
