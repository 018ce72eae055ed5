/** What the ingest role reports as it works; the app turns it into Prometheus metrics (src/app/wiring/operability.ts). */
export interface IngestMetrics {
  accepted(logs: number, bytes: number): void;
  /** A request refused whole: over the daily cap (`daily-cap`) or not stored (`unavailable`: store behind or failing). */
  refused(reason: 'daily-cap' | 'unavailable', logs: number): void;
  batchWritten(durationMs: number, rows: number): void;
}

export const NO_INGEST_METRICS: IngestMetrics = {
  accepted: () => undefined,
  refused: () => undefined,
  batchWritten: () => undefined,
};
