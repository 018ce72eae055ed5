/** What the soak ships and searches, shared with bench:soak-searches (which times the same searches on a quiet store). */

export const LOGS_PER_REQUEST = 1_000;
const LEVELS = ['info', 'info', 'info', 'warn', 'error'];
export const PATHS = ['/api/users', '/api/orders', '/login', '/health', '/api/search'];

/** Twenty NDJSON bodies of LOGS_PER_REQUEST logs each, sent in turn. */
export const SOAK_BODIES: readonly Buffer[] = Array.from({ length: 20 }, (_, b) =>
  Buffer.from(
    Array.from({ length: LOGS_PER_REQUEST }, (_, i) => {
      const n = b * LOGS_PER_REQUEST + i;
      return JSON.stringify({
        message: `${LEVELS[n % 5]} request ${PATHS[n % 5]} took ${n % 997} ms user u${n % 113}`,
        level: LEVELS[n % 5],
        path: PATHS[n % 5],
        status: [200, 200, 404, 500][n % 4],
        duration_ms: n % 997,
        user: `u${n % 113}`,
      });
    }).join('\n'),
  ),
);

/** The searches of the soak, without a sort (ranked by relevance, as a script calling /v1/search sends them). */
export const SOAK_SEARCHES: readonly unknown[] = [
  { query: { query_string: { query: 'level:error' } }, size: 20 },
  { query: { query_string: { query: 'message:"request /login"' } }, size: 10 },
  {
    query: { bool: { filter: [{ range: { '@timestamp': { gte: 'now-5m' } } }, { term: { path: '/api/orders' } }] } },
    size: 0,
    aggs: { by: { terms: { field: 'status', size: 5 } } },
  },
  { query: { query_string: { query: 'user:u7 AND status:500' } }, size: 50 },
  { query: { match_all: {} }, size: 0, aggs: { per: { date_histogram: { field: '@timestamp', fixed_interval: '1m' } } } },
];
