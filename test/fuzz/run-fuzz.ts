import { Agent, request } from 'undici';
import { seededRandom, type SeededRandom } from '../support/seeded-random.js';
import { knownDefect } from './known-defects.js';
import { mutateBody, mutatedParam, type FuzzBody } from './mutations.js';
import { operationsOf, type Operation } from './openapi-operations.js';
import { validValue, type ValueHints } from './schema-values.js';

export interface FuzzOptions {
  readonly apiUrl: string;
  readonly apiToken: string;
  readonly seed: number;
  readonly casesPerRoute: number;
  readonly concurrency: number;
  /** Share of cases sent with a valid body (the rest mutated). */
  readonly validShare?: number;
  /** Where generated URLs point (a port that refuses connections). */
  readonly deadUrl: string;
  readonly onProgress?: (done: number, total: number) => void;
}

export interface FuzzFailure {
  readonly method: string;
  readonly route: string;
  readonly url: string;
  readonly mutation: string;
  readonly status: number | 'no answer';
  readonly body: string;
  readonly sent: string;
}

export interface FuzzReport {
  readonly routes: number;
  readonly cases: number;
  readonly statuses: Record<string, number>;
  /** 5xx (and dropped connections) not on the known-defect list. */
  readonly failures: readonly FuzzFailure[];
  /** 5xx on the known-defect list, by issue. */
  readonly known: readonly (FuzzFailure & { readonly issue: number })[];
  readonly durationMs: number;
  /** The routes that took the most time in total, slowest first (ms). */
  readonly slowest: readonly { readonly route: string; readonly ms: number; readonly maxMs: number }[];
}

interface Case {
  readonly operation: Operation;
  readonly url: string;
  readonly body: FuzzBody;
  readonly token: string;
}

const PATH_PARAM = /\{([^}]+)\}/g;

function paramValue(name: string, rand: SeededRandom, hints: ValueHints, mutate: boolean): string {
  if (mutate) {
    const hostile = mutatedParam(rand);
    return hostile.includes('%') ? hostile : encodeURIComponent(hostile);
  }
  if (/index/i.test(name)) return rand.pick(['*', '_all', 'logzioCustomerIndex*', 'app', 'app,nginx', '*,-audit']);
  if (/scroll/i.test(name)) return rand.pick(['abc', '0', 'c2Nyb2xs']);
  return String(hints.ids.length > 0 && rand.chance(0.8) ? rand.pick(hints.ids) : rand.int(1, 2_000_000));
}

function buildCase(operation: Operation, rand: SeededRandom, hints: ValueHints, token: string, validShare: number): Case {
  const valid = rand.chance(validShare);
  const mutateParams = !valid && rand.chance(0.25);
  const path = operation.path.replace(PATH_PARAM, (_, name: string) => paramValue(name, rand, hints, mutateParams && rand.chance(0.7)));
  const query: string[] = [];
  for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
    if (parameter.required !== true && !rand.chance(0.4)) continue;
    // `test=true` delivers to the endpoint at once, and the built-in integrations are third-party services.
    if (parameter.name === 'test') {
      query.push('test=false');
      continue;
    }
    const value =
      mutateParams && rand.chance(0.5)
        ? mutatedParam(rand)
        : encodeURIComponent(String(validValue(parameter.schema ?? { type: 'string' }, rand, hints, parameter.name)));
    query.push(`${encodeURIComponent(parameter.name)}=${value}`);
  }
  if (mutateParams && rand.chance(0.3)) query.push(`${rand.pick(['extra', 'accountId', 'size', 'from'])}=${mutatedParam(rand)}`);
  const url = query.length === 0 ? path : `${path}?${query.join('&')}`;
  const validBody =
    operation.body === undefined
      ? operation.method === 'GET' || operation.method === 'DELETE'
        ? undefined
        : {}
      : validValue(operation.body, rand, hints);
  const body: FuzzBody = valid
    ? {
        mutation: 'valid',
        payload: validBody === undefined ? undefined : JSON.stringify(validBody),
        contentType: validBody === undefined ? undefined : 'application/json',
      }
    : mutateParams && rand.chance(0.5)
      ? {
          mutation: 'path-or-query',
          payload: validBody === undefined ? undefined : JSON.stringify(validBody),
          contentType: validBody === undefined ? undefined : 'application/json',
        }
      : mutateBody(validBody, rand);
  return { operation, url, body, token: rand.chance(0.03) ? rand.pick(['', 'not-a-token', 'x'.repeat(5_000)]) : token };
}

/** Numeric ids in a successful answer (`id`, `accountId`, `…Id`, `…Ids`), so later cases reach real records. */
function harvestIds(value: unknown, into: Set<number>, depth = 0): void {
  if (depth > 6 || value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    if (/(^id$|Id$|ID$)/.test(key) && typeof child === 'number' && Number.isSafeInteger(child) && child > 0) into.add(child);
    else if (typeof child === 'object') harvestIds(child, into, depth + 1);
  }
}

function truncate(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}

/** Fuzzes every operation of the server's OpenAPI document; the caller asserts on the report. */
export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const agent = new Agent({ connections: options.concurrency, headersTimeout: 60_000, bodyTimeout: 60_000 });
  const documentResponse = await request(`${options.apiUrl}/openapi.json`, { dispatcher: agent });
  const operations = operationsOf(await documentResponse.body.json());
  const ids = new Set<number>();
  const whoami = await request(`${options.apiUrl}/v2/whoami`, { dispatcher: agent, headers: { 'x-api-token': options.apiToken } });
  const protectedIds = new Set<number>();
  harvestIds(await whoami.body.json(), protectedIds);
  const hints = (): ValueHints => ({ ids: [...ids].filter((id) => !protectedIds.has(id)), deadUrl: options.deadUrl });

  // Round-robin over the routes, so a slow or destructive one cannot starve or spoil the others' share.
  const total = operations.length * options.casesPerRoute;
  const statuses: Record<string, number> = {};
  const failures: FuzzFailure[] = [];
  const known: (FuzzFailure & { issue: number })[] = [];
  const timings = new Map<string, { ms: number; maxMs: number }>();
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    for (;;) {
      const index = next++;
      if (index >= total) return;
      const operation = operations[index % operations.length] as Operation;
      // The first round is all valid bodies: the routes that create records run before the ones that need ids.
      const fuzzCase = buildCase(
        operation,
        seededRandom((options.seed * 1_000_003 + index) >>> 0),
        hints(),
        options.apiToken,
        index < operations.length ? 1 : (options.validShare ?? 0.3),
      );
      const caseStarted = Date.now();
      let status: number | 'no answer';
      let text = '';
      try {
        const response = await request(`${options.apiUrl}${fuzzCase.url}`, {
          dispatcher: agent,
          method: operation.method as 'GET',
          headers: {
            ...(fuzzCase.token === '' ? {} : { 'x-api-token': fuzzCase.token }),
            ...(fuzzCase.body.contentType === undefined ? {} : { 'content-type': fuzzCase.body.contentType }),
          },
          ...(fuzzCase.body.payload === undefined ? {} : { body: fuzzCase.body.payload }),
        });
        status = response.statusCode;
        text = await response.body.text();
        if (status < 300 && text.startsWith('{')) {
          try {
            harvestIds(JSON.parse(text), ids);
          } catch {
            // Not JSON after all: nothing to harvest.
          }
        }
      } catch (error) {
        status = 'no answer';
        text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      }
      const key = `${operation.method} ${operation.path}`;
      const spent = Date.now() - caseStarted;
      const timing = timings.get(key) ?? { ms: 0, maxMs: 0 };
      timings.set(key, { ms: timing.ms + spent, maxMs: Math.max(timing.maxMs, spent) });
      statuses[String(status)] = (statuses[String(status)] ?? 0) + 1;
      if (status === 'no answer' || status >= 500) {
        const sent =
          fuzzCase.body.payload === undefined
            ? ''
            : truncate(Buffer.isBuffer(fuzzCase.body.payload) ? `<${fuzzCase.body.payload.length} random bytes>` : fuzzCase.body.payload);
        const failure: FuzzFailure = {
          method: operation.method,
          route: operation.path,
          url: truncate(fuzzCase.url, 200),
          mutation: fuzzCase.body.mutation,
          status,
          body: truncate(text),
          sent,
        };
        const defect = status === 'no answer' ? undefined : knownDefect(operation.method, operation.path, fuzzCase.body.mutation);
        if (defect === undefined) failures.push(failure);
        else known.push({ ...failure, issue: defect.issue });
      }
      done += 1;
      options.onProgress?.(done, total);
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency }, () => worker()));
  } finally {
    await agent.close();
  }
  return {
    routes: operations.length,
    cases: total,
    statuses,
    failures,
    known,
    durationMs: Date.now() - started,
    slowest: [...timings]
      .map(([route, t]) => ({ route, ...t }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 8),
  };
}
