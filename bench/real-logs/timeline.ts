/**
 * When the real-logs data set's logs happen: a week before `nowMs`, the last 24 hours busier than the days before
 * (the older days hold `olderShare` of the logs), a daily curve (busiest mid-afternoon UTC), incidents (bursts of
 * one service's failure lines for a few minutes) and a live tail (the last 15 minutes at three times the rate).
 * The logs come out in time order to the minute, as shippers send them.
 */

export interface Burst {
  /** Index into the service catalog. */
  readonly service: number;
  /** How much the minute's rate grows: the share boost / (1 + boost) of the minute's logs is the incident's. */
  readonly boost: number;
  /** Picks what the incident repeats (its host, its client, its path). */
  readonly key: number;
}

export interface TimelineOptions {
  readonly count: number;
  readonly nowMs: number;
  readonly olderShare: number;
  readonly random: () => number;
  /** Services that can have an incident, with their weights. */
  readonly burstServices: readonly (readonly [number, number])[];
}

export interface Timeline {
  /** The next log's time, and the incident it belongs to (if any). */
  next(): { readonly ms: number; readonly burst: Burst | undefined };
}

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;
export const WEEK_MS = 7 * DAY_MINUTES * MINUTE_MS;
export const DAY_MS = DAY_MINUTES * MINUTE_MS;
const TAIL_MINUTES = 15;
const TAIL_BOOST = 3;
/** Incidents per hour in the last 24 hours and in the days before. */
const RECENT_BURSTS_PER_HOUR = 1.5;
const OLDER_BURSTS_PER_HOUR = 0.25;

/** Busiest at 15:00 UTC, a fifth as busy at 03:00. */
function daily(minuteOfDay: number): number {
  return 0.6 + 0.4 * Math.cos(((minuteOfDay - 900) / DAY_MINUTES) * 2 * Math.PI);
}

export function createTimeline(options: TimelineOptions): Timeline {
  const { count, nowMs, olderShare, random } = options;
  const minutes = 7 * DAY_MINUTES;
  const startMs = nowMs - minutes * MINUTE_MS;
  const recentFrom = minutes - DAY_MINUTES;
  const bursts: (Burst | undefined)[] = new Array<Burst | undefined>(minutes).fill(undefined);
  const totalWeight = options.burstServices.reduce((sum, [, weight]) => sum + weight, 0);
  const pickService = (): number => {
    let r = random() * totalWeight;
    for (const [service, weight] of options.burstServices) if ((r -= weight) < 0) return service;
    return options.burstServices[0]?.[0] ?? 0;
  };
  const plan = (from: number, to: number, perHour: number): void => {
    const n = Math.round(((to - from) / 60) * perHour);
    for (let i = 0; i < n; i += 1) {
      const at = from + Math.floor(random() * (to - from));
      const burst: Burst = { service: pickService(), boost: 2 + random() * 6, key: Math.floor(random() * 2 ** 31) };
      const length = 1 + Math.floor(random() * 8);
      for (let m = at; m < Math.min(to, at + length); m += 1) bursts[m] = burst;
    }
  };
  plan(0, recentFrom, OLDER_BURSTS_PER_HOUR);
  plan(recentFrom, minutes, RECENT_BURSTS_PER_HOUR);

  const weights = new Float64Array(minutes);
  let older = 0;
  let recent = 0;
  for (let m = 0; m < minutes; m += 1) {
    const minuteOfDay = Math.floor(((startMs + m * MINUTE_MS) % DAY_MS) / MINUTE_MS);
    const weight = daily(minuteOfDay) * (m >= minutes - TAIL_MINUTES ? TAIL_BOOST : 1) * (1 + (bursts[m]?.boost ?? 0));
    weights[m] = weight;
    if (m < recentFrom) older += weight;
    else recent += weight;
  }
  // The older days' weights scaled so that they hold olderShare of all logs.
  const olderScale = olderShare <= 0 ? 0 : (olderShare / (1 - olderShare)) * (recent / older);
  const cumulative = new Float64Array(minutes);
  let sum = 0;
  for (let m = 0; m < minutes; m += 1) {
    sum += (weights[m] ?? 0) * (m < recentFrom ? olderScale : 1);
    cumulative[m] = sum;
  }
  let i = 0;
  let minute = 0;
  return {
    next() {
      const target = ((i + 0.5) / count) * sum;
      i += 1;
      while (minute < minutes - 1 && (cumulative[minute] ?? 0) < target) minute += 1;
      const burst = bursts[minute];
      const ms = startMs + minute * MINUTE_MS + Math.floor(random() * MINUTE_MS);
      return { ms, burst: burst !== undefined && random() < burst.boost / (1 + burst.boost) ? burst : undefined };
    },
  };
}
