import { randomBytes } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import type { LogSearchQuery, SearchCursor } from '../../storage/log-store.js';

/**
 * An open scroll: the search it pages through, pinned to a snapshot (logs received up to when it opened),
 * and the keyset position of the last page. Holding a cursor, not results, keeps each context tiny.
 */
export interface ScrollContext {
  /** Who may continue it: the view of the principal that opened it (`viewKeyOf`). */
  readonly owner: string;
  readonly query: LogSearchQuery;
  readonly pageSize: number;
  readonly total: number;
  cursor: SearchCursor | null;
  /** An empty page was served: the scroll is done and answers empty pages until it expires. */
  finished: boolean;
  keepAliveMs: number;
  expiresAtMs: number;
}

/**
 * Where open scrolls live. In the app: the control plane (`createControlPlaneScrollStore`), so any api process
 * continues a scroll another opened (issue 51); contexts are stored as JSON, the cursor rewritten after each page.
 */
export interface ScrollStore {
  open(context: Omit<ScrollContext, 'expiresAtMs'>): Promise<string>;
  /** The caller's live context, or undefined (unknown, expired, or another owner's). */
  get(scrollId: string, owner: string): Promise<ScrollContext | undefined>;
  /** Writes back the context's position and keep-alive after a page. */
  save(scrollId: string, context: ScrollContext): Promise<void>;
  delete(scrollId: string, owner: string): Promise<boolean>;
}

/** Open scrolls kept at most; past it the oldest is dropped (its client gets "expired"). */
const MAX_CONTEXTS = 10_000;

export function newScrollId(): string {
  return randomBytes(24).toString('base64url');
}

/** One process's scrolls in memory (tests and tools that run no api role). */
export function createScrollStore(clock: Clock): ScrollStore {
  const contexts = new Map<string, ScrollContext>();

  function sweep(): void {
    const now = clock.now();
    for (const [id, context] of contexts) if (context.expiresAtMs <= now) contexts.delete(id);
    while (contexts.size >= MAX_CONTEXTS) {
      const oldest = contexts.keys().next();
      if (oldest.done === true) break;
      contexts.delete(oldest.value);
    }
  }

  return {
    async open(context) {
      sweep();
      const id = newScrollId();
      contexts.set(id, { ...context, expiresAtMs: clock.now() + context.keepAliveMs });
      return id;
    },
    async get(scrollId, owner) {
      const context = contexts.get(scrollId);
      if (context === undefined) return undefined;
      if (context.expiresAtMs <= clock.now()) {
        contexts.delete(scrollId);
        return undefined;
      }
      return context.owner === owner ? { ...context } : undefined;
    },
    async save(scrollId, context) {
      if (contexts.has(scrollId)) contexts.set(scrollId, { ...context });
    },
    async delete(scrollId, owner) {
      const context = contexts.get(scrollId);
      if (context === undefined || context.owner !== owner) return false;
      return contexts.delete(scrollId);
    },
  };
}

const UNIT_MS: Readonly<Record<string, number>> = {
  d: 86_400_000,
  h: 3_600_000,
  m: 60_000,
  s: 1000,
  ms: 1,
  micros: 0.001,
  nanos: 0.000001,
};

/** `1m`, `30s`, `500ms` → milliseconds; undefined when it is not a time value. */
export function parseTimeValue(value: string): number | undefined {
  const match = /^(\d+)(d|h|m|s|ms|micros|nanos)$/.exec(value.trim());
  if (match === null) return undefined;
  return Number(match[1]) * (UNIT_MS[match[2] ?? ''] ?? Number.NaN);
}
