/**
 * The real-logs data set (issue 47): logs shaped as real shippers send them, built from the shared data sets
 * (loghub's 16 systems re-filled from their ground-truth templates, Elastic's access log, the shipper captures'
 * document shapes). About two dozen fields a log, nested objects and arrays, hosts in the hundreds, ids, addresses,
 * paths and user agents mostly distinct, messages that repeat field values in other forms, a level mix, incidents,
 * a week of time with the last 24 hours busiest and a live tail. Deterministic from its seed, streamed (one log at a
 * time), and quick enough that 10M logs take minutes (docs/benchmarks.md, "Real-logs data set").
 */
import { datasetsDir as sharedDatasetsDir } from '../../test/support/datasets.js';
import { seededRandom } from '../generate-logs.js';
import { loadAccessCorpus, type AccessRequest } from './access-corpus.js';
import { loadLoghubCorpus, type LoghubSystem, type TemplateLine } from './loghub-corpus.js';
import { ENVIRONMENTS, hostGroups, REGIONS, SERVICES, type ServiceSpec } from './services.js';
import { shipperDocument } from './shippers.js';
import { accessEvent, loghubEvent, type SourceEvent } from './source-events.js';
import { createTimeline, type Burst } from './timeline.js';
import { createRefiller, type Refiller } from './value-refill.js';

/** The instant the data set ends at (its "now"): noon UTC, so the last 24 hours lie in /v1/search's two days. */
export const REAL_NOW_MS = Date.UTC(2026, 10, 27, 12, 0, 0);
export const REAL_DEFAULT_SEED = 47;
/** Share of the logs in the six days before the last 24 hours. */
export const REAL_OLDER_SHARE = 0.25;

export interface RealLogsOptions {
  /** Logs in all (the week). */
  readonly count: number;
  readonly seed?: number;
  readonly nowMs?: number;
  readonly olderShare?: number;
  /** Where the shared data sets are (default: beside the repository, as test/support/datasets.ts finds them). */
  readonly datasetsDir?: string;
}

export interface RealLog {
  /** The document as a shipper sends it, one NDJSON line. */
  readonly line: string;
  readonly doc: Readonly<Record<string, unknown>>;
  readonly ms: number;
  readonly service: string;
}

interface Corpus {
  readonly loghub: ReadonlyMap<string, LoghubSystem>;
  readonly failures: ReadonlyMap<string, readonly TemplateLine[]>;
  readonly access: readonly AccessRequest[];
  /** Words of the real paths, for search terms in the API's paths. */
  readonly words: readonly string[];
}

const corpora = new Map<string, Corpus>();

function corpusOf(dir: string): Corpus {
  let corpus = corpora.get(dir);
  if (corpus !== undefined) return corpus;
  const loghub = loadLoghubCorpus(dir);
  const access = loadAccessCorpus(dir);
  const words = [...new Set(access.flatMap((request) => request.path.toLowerCase().match(/[a-z]{4,12}/g) ?? []))].sort();
  const failures = new Map([...loghub].map(([name, system]) => [name, system.lines.filter((line) => line.failure)] as const));
  corpus = { loghub, failures, access, words };
  corpora.set(dir, corpus);
  return corpus;
}

/** The services whose source is present (a checkout without a data set leaves its services out). */
function availableServices(corpus: Corpus): readonly ServiceSpec[] {
  return SERVICES.filter((service) => (service.source === 'access' ? corpus.access.length > 0 : corpus.loghub.has(service.source)));
}

function weighted<T>(items: readonly (readonly [T, number])[], random: number): T {
  let r = random;
  for (const [item, weight] of items) if ((r -= weight) < 0) return item;
  return (items[items.length - 1] as readonly [T, number])[0];
}

/** FNV-1a, for names derived from other names (pods from their deploy). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const POD_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
/** `length` characters of Kubernetes' name alphabet drawn from `seed`. */
const podName = (seed: number, length: number): string => {
  let out = '';
  for (let i = 0, v = seed; i < length; i += 1, v = Math.imul(v ^ (v >>> 15), 0x2c1b3c6d) >>> 0)
    out += POD_ALPHABET[v % POD_ALPHABET.length];
  return out;
};
const DEPLOY_EVERY_MS = 6 * 3_600_000;
const INCIDENT_PATHS = ['/api/v1/checkout', '/api/v2/payments/authorize', '/api/v1/cart/merge', '/login', '/api/v1/search'];
const DEVICE_MODELS = ['Pixel 7', 'SM-G991B', 'iPhone14,2', 'Redmi Note 12', 'SM-A536B', 'Pixel 6a', 'CPH2451'];

const incidentIp = (key: number): string => `${1 + (key % 222)}.${(key >>> 8) & 255}.${(key >>> 16) & 255}.${1 + ((key >>> 3) % 254)}`;

export function* generateRealLogs(options: RealLogsOptions): Generator<RealLog> {
  const corpus = corpusOf(options.datasetsDir ?? sharedDatasetsDir());
  const services = availableServices(corpus);
  if (services.length === 0) throw new Error('no shared data sets found for the real-logs data set');
  const random = seededRandom(options.seed ?? REAL_DEFAULT_SEED);
  const refiller = createRefiller(random);
  const totalWeight = services.reduce((sum, service) => sum + service.weight, 0);
  const byWeight = services.map((service, i) => [i, service.weight / totalWeight] as const);
  const groups = hostGroups();
  const offsets = new Map<string, number>();
  const timeline = createTimeline({
    count: options.count,
    nowMs: options.nowMs ?? REAL_NOW_MS,
    olderShare: options.olderShare ?? REAL_OLDER_SHARE,
    random,
    burstServices: byWeight.filter(([i]) => {
      const source = services[i]?.source ?? '';
      return source === 'access' || (corpus.failures.get(source)?.length ?? 0) > 0;
    }),
  });
  for (let n = 0; n < options.count; n += 1) {
    const { ms, burst } = timeline.next();
    const service = services[burst?.service ?? weighted(byWeight, random())] as ServiceSpec;
    const hosts = groups.get(service.hosts) ?? [];
    // The first hosts of a group are the busiest.
    const hostIndex = burst !== undefined ? burst.key % Math.max(1, hosts.length) : Math.floor(hosts.length * random() ** 1.6);
    const host = hosts[hostIndex];
    const kubernetes = service.replicas !== undefined;
    const traceId = kubernetes ? refiller.hex(32, 'trace') : undefined;
    const event = sourceEvent(corpus, service, refiller, { ms, burst, random, traceId, host });
    const pod = kubernetes ? podOf(service, ms, random, groups.get('k8s-node') ?? []) : undefined;
    addContext(service, event, refiller, traceId, random);
    const offset = (offsets.get(service.name) ?? 0) + event.message.length + 1;
    offsets.set(service.name, offset);
    const doc = shipperDocument(weighted(service.shippers, random()), {
      ms,
      service: service.name,
      type: service.type,
      team: service.team,
      host: pod?.node ?? host,
      env: weighted(ENVIRONMENTS, random()),
      region: REGIONS[hostIndex % REGIONS.length] ?? 'eu-west-1',
      event,
      pod,
      offset,
    });
    yield { line: JSON.stringify(doc), doc, ms, service: service.name };
  }
}

function sourceEvent(
  corpus: Corpus,
  service: ServiceSpec,
  refiller: Refiller,
  context: {
    readonly ms: number;
    readonly burst: Burst | undefined;
    readonly random: () => number;
    readonly traceId: string | undefined;
    readonly host: string | undefined;
  },
): SourceEvent {
  const { burst } = context;
  if (service.source === 'access') {
    return accessEvent(corpus.access, corpus.words, refiller, {
      service: service.name,
      ingress: service.replicas !== undefined,
      ms: context.ms,
      random: context.random,
      incident:
        burst === undefined ? undefined : { ip: incidentIp(burst.key), path: INCIDENT_PATHS[burst.key % INCIDENT_PATHS.length] ?? '/' },
      traceId: context.traceId,
      upstream: `10.${40 + refiller.int(8)}.${refiller.int(256)}.${1 + refiller.int(254)}:8080`,
    });
  }
  const system = corpus.loghub.get(service.source) as LoghubSystem;
  const failures = corpus.failures.get(service.source) ?? [];
  const lines = burst !== undefined && failures.length > 0 ? failures : system.lines;
  const line = lines[refiller.int(lines.length)] as TemplateLine;
  return loghubEvent(system, line, refiller, burst === undefined ? undefined : incidentIp(burst.key));
}

/** What a service's own logging adds: trace context, OpenStack's request context, a device's identity. */
function addContext(service: ServiceSpec, event: SourceEvent, refiller: Refiller, traceId: string | undefined, random: () => number): void {
  const { fields } = event;
  if (traceId !== undefined && service.source !== 'access') {
    const spanId = refiller.hex(16, 'span');
    fields.trace_id = traceId;
    fields.span_id = spanId;
    // Spring Cloud Sleuth's pattern: the same ids in the message.
    if (random() < 0.5) event.message = `[${service.name},${traceId},${spanId}] ${event.message}`;
  }
  if (service.source === 'OpenStack') {
    const requestId = `req-${refiller.hex(8, 'os-req')}-${refiller.hex(4, 'os-req')}-${refiller.hex(4, 'os-req')}-${refiller.hex(4, 'os-req')}-${refiller.hex(12, 'os-req')}`;
    fields.request_id = requestId;
    event.message = `[${requestId} ${refiller.hex(32, 'os-user')} ${refiller.hex(32, 'os-tenant')} - - -] ${event.message}`;
  }
  if (service.hosts === 'none') {
    fields.device = {
      id: refiller.hex(16, 'device'),
      model: DEVICE_MODELS[refiller.int(DEVICE_MODELS.length)],
      os_version: `${10 + refiller.int(5)}`,
    };
    fields.app_version = `4.${refiller.int(12)}.${refiller.int(30)}`;
    if (random() < 0.5) fields.userId = Number(refiller.digits(6));
  }
}

function podOf(
  service: ServiceSpec,
  ms: number,
  random: () => number,
  nodes: readonly string[],
): { name: string; hash: string; node: string; image: string } {
  const deploy = Math.floor((ms + (hash(service.name) % DEPLOY_EVERY_MS)) / DEPLOY_EVERY_MS);
  const podHash = podName(hash(`${service.name}:${deploy}`), 10);
  const replica = Math.floor(random() * (service.replicas ?? 1));
  const name = `${service.name}-${podHash}-${podName(hash(`${podHash}:${replica}`), 5)}`;
  return {
    name,
    hash: podHash,
    node: nodes[hash(name) % Math.max(1, nodes.length)] ?? '',
    image: `registry.example.com/${service.team}/${service.name}:1.${deploy % 40}.${hash(podHash) % 10}`,
  };
}
