import { Agent, request } from 'undici';
import { seededRandom } from '../support/seeded-random.js';
import { READ_PATHS, type PathContext, type ReadPath } from './read-paths.js';
import { marker, type Tenant, type World } from './tenants.js';

export interface Leak {
  readonly path: string;
  readonly caller: number;
  readonly request: string;
  /** The accounts whose data the answer held although the caller may not read it. */
  readonly leakedFrom: readonly number[];
  readonly excerpt: string;
}

export interface IsolationReport {
  readonly requests: number;
  readonly statuses: Record<string, number>;
  readonly leaks: readonly Leak[];
  /** Per path: requests, 2xx answers, and answers holding data the caller may read (its own, or a scanned account's). */
  readonly perPath: Readonly<Record<string, { requests: number; ok: number; own: number }>>;
  readonly serverErrors: number;
  readonly durationMs: number;
}

function visibleTo(caller: Tenant, path: ReadPath): ReadonlySet<number> {
  if (path.sees === 'searchable') return caller.searchable;
  if (path.sees === 'owned') return caller.owned;
  if (path.sees === 'scanned') return caller.scanned;
  return new Set([caller.accountId]);
}

/** The accounts whose secrets (markers, token values) appear in an answer and not in the request (an echo is no leak). */
function owners(text: string, sent: string, secrets: ReadonlyMap<string, number>): Set<number> {
  const found = new Set<number>();
  for (const [secret, accountId] of secrets) if (text.includes(secret) && !sent.includes(secret)) found.add(accountId);
  return found;
}

/**
 * Drives every read path with each account's token, randomized ids (anyone's), parameters and handles (scroll ids
 * another account received), and checks each answer for any other account's data.
 */
export async function runIsolation(
  world: World,
  options: { seed: number; requests: number; concurrency: number; onProgress?: (done: number) => void },
): Promise<IsolationReport> {
  const started = Date.now();
  const agent = new Agent({ connections: options.concurrency, headersTimeout: 60_000, bodyTimeout: 60_000 });
  const handles = new Map<string, { accountId: number; value: string }[]>();
  const statuses: Record<string, number> = {};
  const perPath: Record<string, { requests: number; ok: number; own: number }> = Object.fromEntries(
    READ_PATHS.map((p) => [p.name, { requests: 0, ok: 0, own: 0 }]),
  );
  const leaks: Leak[] = [];
  let serverErrors = 0;
  let next = 0;
  const finished = new Map<number, Promise<void>>();
  const worker = async (): Promise<void> => {
    for (;;) {
      const index = next++;
      if (index >= options.requests) return;
      let markFinished: () => void = () => undefined;
      finished.set(index, new Promise<void>((resolve) => (markFinished = resolve)));
      const rand = seededRandom((options.seed * 1_000_003 + index) >>> 0);
      // Every path in turn and every caller in turn, so each pair gets its share however many requests are asked for.
      const path = READ_PATHS[index % READ_PATHS.length] as ReadPath;
      const round = Math.floor(index / READ_PATHS.length);
      const caller = world.tenants[round % world.tenants.length] as Tenant;
      // The first round of each caller is the positive control: its own ids, handles and words, so every path shows
      // it can answer the caller's data; later rounds reach for anyone's.
      const control = round < world.tenants.length;
      // A control request that continues another path's handle waits for that path's request of its round: run side by
      // side, it would find no handle of the caller's yet and show nothing.
      if (control && path.after !== undefined) {
        const producer = round * READ_PATHS.length + READ_PATHS.findIndex((p) => p.name === path.after);
        if (producer < index) await finished.get(producer);
      }
      const ctx: PathContext = {
        rand,
        caller,
        world,
        id: (kind) => {
          const own = world.ids[kind].filter((item) => item.accountId === caller.accountId);
          // A security account has no alerts, endpoints or users: it reaches for anyone's.
          if (own.length > 0 && (control || rand.chance(0.3))) return rand.pick(own).id;
          return rand.chance(0.9) ? rand.pick(world.ids[kind]).id : rand.int(1, 2 ** 31 - 1);
        },
        handle: (kind) => {
          // As for ids: the caller's own handles now and then outside the control round too, so a path whose control
          // request ran before its handle existed (requests run concurrently) still shows it can answer its own data.
          const own = control || rand.chance(0.3);
          const pool = (handles.get(kind) ?? []).filter((h) => !own || h.accountId === caller.accountId);
          return pool.length === 0 ? undefined : rand.pick(pool).value;
        },
        anyMarker: () => marker(control ? caller.label : rand.pick(world.tenants).label),
      };
      const built = path.request(ctx);
      const payload = built.raw ?? (built.body === undefined ? undefined : JSON.stringify(built.body));
      const contentType = built.raw !== undefined ? 'application/x-ndjson' : 'application/json';
      const response = await request(`${world.service.apiUrl}${built.url}`, {
        dispatcher: agent,
        method: built.method,
        headers: { 'x-api-token': caller.apiToken, ...(payload === undefined ? {} : { 'content-type': contentType }) },
        ...(payload === undefined ? {} : { body: payload }),
      });
      const text = await response.body.text();
      const status = response.statusCode;
      statuses[String(status)] = (statuses[String(status)] ?? 0) + 1;
      if (status >= 500) serverErrors += 1;
      const counts = perPath[path.name] as { requests: number; ok: number; own: number };
      counts.requests += 1;
      const seen = owners(text, `${built.url} ${payload ?? ''}`, world.secrets);
      const allowed = visibleTo(caller, path);
      const leaked = [...seen].filter((id) => !allowed.has(id));
      if (leaked.length > 0) {
        const firstSecret =
          [...world.secrets].find(
            ([secret, id]) => leaked.includes(id) && text.includes(secret) && !`${built.url} ${payload ?? ''}`.includes(secret),
          )?.[0] ?? '';
        const at = text.indexOf(firstSecret);
        leaks.push({
          path: path.name,
          caller: caller.accountId,
          request: `${built.method} ${built.url} ${(payload ?? '').slice(0, 300)}`,
          leakedFrom: leaked,
          excerpt: text.slice(Math.max(0, at - 150), at + 150),
        });
      }
      if (status >= 200 && status < 300) {
        counts.ok += 1;
        if (seen.has(caller.accountId) || (path.sees === 'scanned' && [...seen].some((id) => allowed.has(id)))) counts.own += 1;
        if (path.handles !== undefined) {
          try {
            for (const [kind, value] of Object.entries(path.handles(JSON.parse(text)))) {
              if (value === undefined) continue;
              const pool = handles.get(kind) ?? [];
              pool.push({ accountId: caller.accountId, value });
              if (pool.length > 200) pool.shift();
              handles.set(kind, pool);
            }
          } catch {
            // Not JSON: no handle to keep.
          }
        }
      }
      markFinished();
      options.onProgress?.(index + 1);
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency }, () => worker()));
  } finally {
    await agent.close();
  }
  return { requests: options.requests, statuses, leaks, perPath, serverErrors, durationMs: Date.now() - started };
}
