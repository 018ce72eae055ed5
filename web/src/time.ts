/** Time ranges: relative (`now-15m`) or absolute (ISO), resolved against the clock when a search runs. */

const UNIT_MS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
export const DAY_MS = 86_400_000;

/** One default range for Discover, Visualize and Dashboards (Kibana's). */
export const DEFAULT_FROM = 'now-15m';
export const DEFAULT_TO = 'now';

export interface QuickRange {
  readonly label: string;
  readonly from: string;
  /** How far back it reaches: offered only when the account retains that much. */
  readonly spanMs: number;
}

const ALL_QUICK_RANGES: readonly QuickRange[] = [
  { label: 'Last 5 minutes', from: 'now-5m', spanMs: 300_000 },
  { label: 'Last 15 minutes', from: 'now-15m', spanMs: 900_000 },
  { label: 'Last 1 hour', from: 'now-1h', spanMs: 3_600_000 },
  { label: 'Last 4 hours', from: 'now-4h', spanMs: 4 * 3_600_000 },
  { label: 'Last 24 hours', from: 'now-24h', spanMs: DAY_MS },
  { label: 'Last 2 days', from: 'now-2d', spanMs: 2 * DAY_MS },
  { label: 'Last 7 days', from: 'now-7d', spanMs: 7 * DAY_MS },
  { label: 'Last 14 days', from: 'now-14d', spanMs: 14 * DAY_MS },
  { label: 'Last 30 days', from: 'now-30d', spanMs: 30 * DAY_MS },
  { label: 'Last 90 days', from: 'now-90d', spanMs: 90 * DAY_MS },
];

/** The quick ranges an account with this retention can search (all of them while it is not known yet). */
export function quickRanges(retentionDays: number | undefined): readonly QuickRange[] {
  return retentionDays === undefined ? ALL_QUICK_RANGES : ALL_QUICK_RANGES.filter((range) => range.spanMs <= retentionDays * DAY_MS);
}

/** Epoch ms of `now`, `now-15m` or an ISO time; undefined when it is neither. */
export function resolveTime(text: string, now: number): number | undefined {
  const trimmed = text.trim();
  if (trimmed === 'now') return now;
  const relative = /^now-(\d+)([smhdw])$/.exec(trimmed);
  if (relative !== null) return now - Number(relative[1]) * (UNIT_MS[relative[2] ?? 's'] ?? 1000);
  if (!/^\d{4}-\d\d-\d\d/.test(trimmed)) return undefined;
  const parsed = Date.parse(trimmed);
  return Number.isNaN(parsed) ? undefined : parsed;
}

export function describeRange(from: string, to: string): string {
  const quick = ALL_QUICK_RANGES.find((range) => range.from === from);
  if (quick !== undefined && to === 'now') return quick.label;
  return `${from} → ${to}`;
}

/**
 * Zoom out: twice the span around the middle, but never past now: a range ending now keeps ending now (and stays
 * relative), and one that would reach into the future is moved back to end now.
 */
export function zoomedOut(fromMs: number, toMs: number, now: number, endsNow: boolean): { from: string; to: string } {
  const span = toMs - fromMs;
  if (endsNow) return { from: new Date(fromMs - span).toISOString(), to: 'now' };
  const end = Math.min(now, toMs + span / 2);
  return { from: new Date(end - 2 * span).toISOString(), to: end >= now ? 'now' : new Date(end).toISOString() };
}

export const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

const formatter = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  fractionalSecondDigits: 3,
  hour12: false,
});

export function formatTime(ms: number): string {
  return formatter.format(new Date(ms));
}

const shortFormatter = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
export function formatShortTime(ms: number): string {
  return shortFormatter.format(new Date(ms));
}

// One histogram interval for Discover and the visualizations (the shared model's).
export { intervalFor } from '../../src/vis-model/index.js';
