/**
 * How bench:search times a query (both data sets): each run over HTTP after dropping the engine's query condition
 * cache, beside a second side (hand-written statements, or another request), quick queries getting more runs, and
 * warm-up runs first so the server's path is compiled as in steady use.
 */
import type { Session } from 'chdb';
import type { Pool } from 'undici';
import { percentile } from './bench-timing.js';

/** The second side: hand-written statements, or the same question through the API (the field-less rows). */
export type Compared =
  { readonly statements: readonly string[] } | { readonly path: string; readonly body: unknown; readonly token: string };

export interface Measured {
  readonly name: string;
  readonly p50: number;
  readonly p95: number;
  /** The second side's p50 and p95 (NaN without one). */
  readonly otherP50: number;
  readonly otherP95: number;
  readonly runs: number;
  /** `hits.total` of the answer (the Elasticsearch API's `{ value }` read as its value). */
  readonly total: number;
}

const MAX_RUNS = 300;

export interface SearchMeasurer {
  measure(name: string, path: string, body: unknown, compared: Compared | null, token: string): Promise<Measured>;
}

export function createSearchMeasurer(deps: {
  readonly client: Pool;
  readonly hand: Session;
  readonly dropCache: () => Promise<void>;
  /** At least this many runs after the warm-up. */
  readonly minRuns: number;
}): SearchMeasurer {
  const { client, hand, dropCache } = deps;
  let lastTotal = Number.NaN;
  const request = async (name: string, path: string, body: unknown, token: string): Promise<number> => {
    await dropCache();
    const started = performance.now();
    const response = await client.request({
      path,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-token': token },
      body: JSON.stringify(body),
    });
    const text = await response.body.text();
    const took = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${text}`);
    const total = (JSON.parse(text) as { hits?: { total?: number | { value?: number } } }).hits?.total;
    lastTotal = typeof total === 'number' ? total : (total?.value ?? Number.NaN);
    return took;
  };
  return {
    async measure(name, path, body, compared, token) {
      let total = Number.NaN;
      /** One run of each side, each after dropping the cache: [API ms, other ms]. */
      const once = async (): Promise<[number, number]> => {
        const took = await request(name, path, body, token);
        total = lastTotal;
        if (compared === null) return [took, Number.NaN];
        if (!('statements' in compared)) return [took, await request(name, compared.path, compared.body, compared.token)];
        await dropCache();
        const started = performance.now();
        for (const statement of compared.statements) (await hand.queryAsync(statement, { format: 'JSONEachRow' })).text();
        return [took, performance.now() - started];
      };
      // Quick queries get more runs (up to ~2 s of them): a 5 ms p50 from 7 runs moves by 20 % between runs.
      await once();
      const runs = Math.max(deps.minRuns, Math.min(MAX_RUNS, Math.floor(2000 / (await once())[0])));
      // Warm-up of a tenth as many: the server's path is then compiled as in steady use, whatever ran before.
      for (let i = 0; i < Math.ceil(runs / 10); i += 1) await once();
      const api: number[] = [];
      const other: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        const [apiMs, otherMs] = await once();
        api.push(apiMs);
        other.push(otherMs);
      }
      return {
        name,
        p50: percentile(api, 0.5),
        p95: percentile(api, 0.95),
        otherP50: percentile(other, 0.5),
        otherP95: percentile(other, 0.95),
        runs,
        total,
      };
    },
  };
}

/** The row bench:search has always printed: `| query | p50 | p95 | other p50 | p95 | ratio | runs |`. */
export function measuredRow(m: Measured): string {
  return `| ${m.name} | ${m.p50.toFixed(1)} | ${m.p95.toFixed(1)} | ${m.otherP50.toFixed(1)} | ${m.otherP95.toFixed(1)} | ${(m.p50 / m.otherP50).toFixed(2)} | ${m.runs} |`;
}
