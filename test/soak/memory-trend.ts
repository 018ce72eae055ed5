/** Least-squares slope of (t, value) samples, per hour of t in milliseconds. */
export function slopePerHour(samples: readonly { readonly t: number; readonly value: number }[]): number {
  if (samples.length < 3) return 0;
  const n = samples.length;
  const meanT = samples.reduce((sum, s) => sum + s.t, 0) / n;
  const meanV = samples.reduce((sum, s) => sum + s.value, 0) / n;
  let num = 0;
  let den = 0;
  for (const s of samples) {
    num += (s.t - meanT) * (s.value - meanV);
    den += (s.t - meanT) ** 2;
  }
  return den === 0 ? 0 : (num / den) * 3_600_000;
}

export interface TrendVerdict {
  readonly meanMb: number;
  readonly slopeMbPerHour: number;
  readonly flat: boolean;
}

/**
 * "Flat" after warm-up: the fitted growth over an hour stays under 10 % of the mean plus 32 MB (the noise of a
 * collector's sawtooth and of the engine's caches filling), so a steady leak of a few MB a minute fails.
 */
export function trendOf(samples: readonly { readonly t: number; readonly value: number }[]): TrendVerdict {
  const meanMb = samples.reduce((sum, s) => sum + s.value, 0) / Math.max(1, samples.length) / 1_048_576;
  const slopeMbPerHour = slopePerHour(samples) / 1_048_576;
  return { meanMb, slopeMbPerHour, flat: slopeMbPerHour < meanMb * 0.1 + 32 };
}

/** Nearest-rank percentile of unsorted values (0 for none). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}
