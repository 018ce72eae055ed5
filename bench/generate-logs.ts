/**
 * Deterministic synthetic logs for the ingest benchmark (the engine bench's mix): about 350 B per line,
 * 55% nginx access logs, 40% application logs, 5% events with nested numeric fields; 2 days; 3 accounts
 * (50/30/20). Same seed → same bytes.
 */

/** mulberry32: small, fast, good enough for test data. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GeneratedLine {
  /** Index into BENCH_ACCOUNTS. */
  readonly account: number;
  readonly line: string;
}

export const BENCH_START_MS = Date.UTC(2026, 10, 19);
const SPAN_MS = 2 * 86_400_000;
/** The last instant of the generator's two days: their window (today and yesterday UTC) holds all of them. */
export const BENCH_NOW_MS = BENCH_START_MS + SPAN_MS - 1;

const METHODS = ['GET', 'GET', 'GET', 'GET', 'POST', 'POST', 'PUT', 'DELETE'];
const STATUSES = [200, 200, 200, 200, 200, 200, 201, 204, 301, 304, 400, 401, 403, 404, 404, 500, 502, 503];
const AGENTS = [
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'curl/8.5.0',
  'python-requests/2.31.0',
  'Go-http-client/1.1',
];
const PATHS = ['/api/v2/orders/', '/api/v2/users/', '/static/js/app.', '/healthz', '/api/v1/search?q=', '/checkout/'];
const LEVELS = ['INFO', 'INFO', 'INFO', 'INFO', 'DEBUG', 'WARN', 'ERROR'];
const LOGGERS = [
  'com.shop.OrderService',
  'com.shop.PaymentGateway',
  'com.shop.http.Controller',
  'org.hibernate.SQL',
  'com.shop.CacheManager',
];
const TEMPLATES = [
  (w: () => string, n: () => number) => `Processed order ${n()} for customer ${n()} in ${n() % 900} ms (${w()} ${w()})`,
  (w: () => string) => `Timeout while calling ${w()}-service after 30s, retrying`,
  () => `java.net.SocketTimeoutException: Read timed out`,
  (w: () => string) => `Connection to db-${w()} refused after 3 attempts`,
  (w: () => string) => `upstream ${w()}: connection refused`,
  (w: () => string, n: () => number) => `Cache ${w()} miss for key user:${n()} (${w()} ${w()} ${w()})`,
  (w: () => string, n: () => number) => `User ${n()} ${w()} ${w()} the ${w()} with timeout=30s`,
];
const EVENTS = ['order_placed', 'user_signed_up', 'cart_abandoned', 'payment_failed'];
const COUNTRIES = ['DE', 'US', 'FR', 'GB', 'IN', 'BR', 'JP'];

function vocabulary(random: () => number): string[] {
  const syllables = ['ka', 'lo', 'mi', 'ren', 'to', 'sa', 'vex', 'dor', 'pi', 'qua', 'zu', 'ne', 'bar', 'fin', 'gor', 'hul'];
  return Array.from({ length: 6000 }, () => {
    let word = '';
    const parts = 2 + Math.floor(random() * 2);
    for (let i = 0; i < parts; i += 1) word += syllables[Math.floor(random() * syllables.length)];
    return word;
  });
}

export function* generateLogs(count: number, seed = 42): Generator<GeneratedLine> {
  const random = seededRandom(seed);
  const words = vocabulary(random);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  // Zipf-like: small indexes are much more frequent.
  const word = () => words[Math.floor(words.length * random() ** 3)] ?? 'x';
  const int = () => Math.floor(random() * 100_000);
  for (let i = 0; i < count; i += 1) {
    const r = random();
    const account = r < 0.5 ? 0 : r < 0.8 ? 1 : 2;
    const jitter = Math.floor((random() - 0.5) * 4000);
    const timestamp = new Date(BENCH_START_MS + Math.floor((i / count) * SPAN_MS) + jitter).toISOString();
    const kind = random();
    let doc: Record<string, unknown>;
    if (kind < 0.55) {
      const method = pick(METHODS);
      const status = pick(STATUSES);
      const bytes = Math.floor(random() * 60_000);
      const path = `${pick(PATHS)}${int() % 5000}`;
      const ip = `10.${int() % 256}.${int() % 256}.${int() % 256}`;
      const agent = pick(AGENTS);
      doc = {
        '@timestamp': timestamp,
        type: 'nginx',
        host: `web-${int() % 8}`,
        message: `${ip} - - "${method} ${path} HTTP/1.1" ${status} ${bytes} "-" "${agent}"`,
        status,
        bytes,
        method,
        path,
        protocol: 'HTTP/1.1',
        client_ip: ip,
        user_agent: agent,
        duration_ms: Math.round(random() * 250_000) / 100,
      };
    } else if (kind < 0.95) {
      doc = {
        '@timestamp': timestamp,
        type: 'app',
        host: `app-${int() % 6}`,
        level: pick(LEVELS),
        logger: pick(LOGGERS),
        thread: `http-nio-8080-exec-${int() % 40}`,
        request_id: `req-${int().toString(16)}${int().toString(16)}`,
        message: pick(TEMPLATES)(word, int),
        ...(random() < 0.5 ? { duration_ms: int() % 5000, user_id: int() } : {}),
      };
    } else {
      doc = {
        '@timestamp': timestamp,
        type: 'event',
        event: pick(EVENTS),
        message: `event ${word()} ${word()}`,
        user: { id: int() },
        order: { amount: Math.round(random() * 50_000) / 100, currency: 'EUR', items: int() % 12 },
        geo: { country: pick(COUNTRIES) },
      };
    }
    yield { account, line: JSON.stringify(doc) };
  }
}
