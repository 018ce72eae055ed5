/** Time ranges: relative (`now-15m`) or absolute (ISO), resolved against the clock when a search runs. */

const UNIT_MS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
export const DAY_MS = 86_400_000;

export const QUICK_RANGES: readonly { readonly label: string; readonly from: string }[] = [
  { label: 'Last 5 minutes', from: 'now-5m' },
  { label: 'Last 15 minutes', from: 'now-15m' },
  { label: 'Last 1 hour', from: 'now-1h' },
  { label: 'Last 4 hours', from: 'now-4h' },
  { label: 'Last 24 hours', from: 'now-24h' },
  { label: 'Last 2 days', from: 'now-2d' },
];

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
  const quick = QUICK_RANGES.find((range) => range.from === from);
  if (quick !== undefined && to === 'now') return quick.label;
  return `${from} → ${to}`;
}

/**
 * `/v1/search` searches a 2-day window (yesterday and today UTC) shifted back by `dayOffset` days. The offset whose
 * window holds the range's end; the part of the range before the window start is not searched.
 */
export function windowFor(fromMs: number, toMs: number, now: number): { dayOffset: number; windowStart: number; clipped: boolean } {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const endDay = Math.floor((Math.min(toMs, now) - 1) / DAY_MS) * DAY_MS;
  const dayOffset = Math.max(0, Math.round((today - endDay) / DAY_MS));
  const windowStart = today - (1 + dayOffset) * DAY_MS;
  return { dayOffset, windowStart, clipped: fromMs < windowStart };
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

/** A histogram interval giving about 60 buckets, as an ES fixed interval. */
export function intervalFor(spanMs: number): { text: string; ms: number } {
  const steps: readonly [string, number][] = [
    ['1s', 1000],
    ['5s', 5000],
    ['10s', 10_000],
    ['30s', 30_000],
    ['1m', 60_000],
    ['5m', 300_000],
    ['10m', 600_000],
    ['30m', 1_800_000],
    ['1h', 3_600_000],
    ['3h', 10_800_000],
    ['12h', 43_200_000],
    ['1d', 86_400_000],
  ];
  const wanted = spanMs / 60;
  const found = steps.find(([, ms]) => ms >= wanted) ?? steps[steps.length - 1] ?? ['1d', 86_400_000];
  return { text: found[0], ms: found[1] };
}
