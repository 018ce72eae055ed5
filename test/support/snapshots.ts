/** Shapes and data the snapshot scenarios share (test/api/snapshots*.test.ts). */
import { toVisState, type VisSpec } from '../../src/vis-model/index.js';

const MINUTE = 60_000;

export interface SnapshotWire {
  snapshotId: number;
  accountId: number;
  snapshotType: string;
  status: 'IN_PROGRESS' | 'SUCCESS' | 'FAILED';
  snapshotSavedObjectName: string;
  imageUrl: string;
  appLinkUrl: string;
  message: string;
  timeFrameFrom: number;
  timeFrameTo: number;
  snapshotTimeZone: string;
  progress: number;
  expiresAt: number;
  deliveries: { channel: string; target: string; delivered: boolean; attempts: number; error: string | null }[];
}

export function visAttributes(title: string, spec: VisSpec, query = ''): Record<string, unknown> {
  return {
    title,
    visState: JSON.stringify(toVisState(title, spec)),
    kibanaSavedObjectMeta: { searchSourceJSON: JSON.stringify({ query: { query, language: 'lucene' }, filter: [] }) },
  };
}

/** Logs a minute apart over the hour, on two hosts, every fifth an error. */
export function hourOfLogs(fromMs: number): Record<string, unknown>[] {
  return Array.from({ length: 60 }, (_, i) => ({
    '@timestamp': new Date(fromMs + i * MINUTE + 1_000).toISOString(),
    message: i % 5 === 0 ? `payment ${i} failed` : `request ${i} served`,
    level: i % 5 === 0 ? 'error' : 'info',
    host: i % 2 === 0 ? 'web-1' : 'web-2',
    latency: i * 3,
  }));
}
