/** A bound of a range as the page sends it: epoch ms, an ISO time, or date math (`now-7d`) the server resolves. */
export type TimeBound = string | number;

export interface RangeInput {
  readonly from: TimeBound;
  readonly to: TimeBound;
}

/** The range searched, [fromMs, toMs), as resolved against the server's clock. */
export interface ResolvedRange {
  readonly fromMs: number;
  readonly toMs: number;
}
