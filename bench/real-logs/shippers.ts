/**
 * The documents real shippers send, one builder per shipper. The keys each shipper adds are those of its capture in
 * ../shared/datasets/shipper-captures (rsyslog's omelasticsearch template, syslog-ng's `format-json`, logzio-nodejs,
 * winston-logzio, pino), and the Kubernetes and Filebeat envelopes of Fluent Bit's and Filebeat's Logz.io setups
 * (a test checks the capture keys: test/bench/real-logs.test.ts).
 */
import type { ShipperKind } from './services.js';
import type { SourceEvent } from './source-events.js';

export interface Envelope {
  readonly ms: number;
  readonly service: string;
  readonly type: string;
  readonly team: string;
  readonly host: string | undefined;
  readonly env: string;
  readonly region: string;
  readonly event: SourceEvent;
  /** The pod of a Kubernetes service. */
  readonly pod: { readonly name: string; readonly hash: string; readonly node: string; readonly image: string } | undefined;
  /** A byte offset in the shipped file (Filebeat). */
  readonly offset: number;
}

const WINSTON_LEVELS: Readonly<Record<string, string>> = {
  V: 'verbose',
  D: 'debug',
  I: 'info',
  W: 'warn',
  E: 'error',
  WARNING: 'warn',
  FATAL: 'error',
  SEVERE: 'error',
};
const PINO_LEVELS: Readonly<Record<string, number>> = { trace: 10, verbose: 10, debug: 20, info: 30, notice: 30, warn: 40, error: 50 };

/** The level a shipper that only knows npm's levels (winston, pino) writes. */
function npmLevel(event: SourceEvent): string {
  const level = event.level;
  if (level === undefined) return event.failure ? 'error' : 'info';
  return WINSTON_LEVELS[level] ?? WINSTON_LEVELS[level.toUpperCase()] ?? level.toLowerCase();
}

/** The syslog severity of a line (rsyslog's `severity`, syslog-ng's `PRIORITY`). */
function severity(event: SourceEvent): string {
  const level = (event.level ?? '').toUpperCase();
  if (level === 'FATAL' || level === 'SEVERE') return 'crit';
  if (level.startsWith('E') || (level === '' && event.failure)) return 'err';
  if (level.startsWith('W')) return 'warning';
  return level === 'NOTICE' ? 'notice' : 'info';
}

const withLevel = (event: SourceEvent): Record<string, unknown> => (event.level === undefined ? {} : { level: event.level });

export function shipperDocument(kind: ShipperKind, e: Envelope): Record<string, unknown> {
  const timestamp = new Date(e.ms).toISOString();
  const { event } = e;
  switch (kind) {
    case 'fluent-bit': {
      const pod = e.pod ?? { name: e.service, hash: '', node: e.host ?? '', image: '' };
      return {
        '@timestamp': timestamp,
        type: e.type,
        message: event.message,
        ...withLevel(event),
        ...event.fields,
        service: e.service,
        env: e.env,
        host: pod.node,
        stream: event.failure ? 'stderr' : 'stdout',
        kubernetes: {
          namespace_name: `${e.team}-${e.env}`,
          pod_name: pod.name,
          container_name: e.service,
          container_image: pod.image,
          host: pod.node,
          labels: { app: e.service, 'pod-template-hash': pod.hash, team: e.team },
        },
        cloud: { region: e.region, availability_zone: `${e.region}${'abc'[e.offset % 3]}` },
        tags: [e.env, e.region, 'k8s'],
      };
    }
    case 'filebeat':
    case 'filebeat-ecs':
      return {
        '@timestamp': timestamp,
        type: e.type,
        message: event.message,
        ...withLevel(event),
        ...event.fields,
        service: e.service,
        env: e.env,
        // Filebeat's own ECS `host` object where the Logz.io setup does not flatten it.
        ...(kind === 'filebeat'
          ? { host: e.host, logzio_codec: 'plain' }
          : {
              host: { name: e.host, hostname: e.host, architecture: 'x86_64', os: { family: 'debian', version: '12' } },
              ecs: { version: '8.11.0' },
            }),
        log: { file: { path: `/var/log/${e.service}/${e.service}.log` }, offset: e.offset },
        agent: { type: 'filebeat', version: '8.13.4' },
        tags: [e.env, e.region],
      };
    case 'rsyslog':
      return {
        ...event.fields,
        '@timestamp': timestamp,
        host: e.host,
        severity: severity(event),
        facility: event.fields.user === undefined ? 'daemon' : 'authpriv',
        program: typeof event.fields.program === 'string' ? event.fields.program.replace(/\(.*$/, '') : e.service,
        message: event.message,
        type: e.type,
      };
    case 'syslog-ng': {
      const program = typeof event.fields.program === 'string' ? event.fields.program.replace(/\(.*$/, '') : e.service;
      return {
        message: event.message,
        PROGRAM: program,
        PRIORITY: severity(event),
        MESSAGE: event.message,
        ISODATE: timestamp.replace(/\.\d{3}Z$/, '+00:00'),
        HOST: e.host,
        ...(typeof event.fields.pid === 'number' ? { PID: String(event.fields.pid) } : {}),
        FACILITY: event.fields.user === undefined ? 'daemon' : 'authpriv',
        '@timestamp': timestamp,
        type: 'syslog-ng',
      };
    }
    case 'logzio-nodejs':
      return {
        message: event.message,
        ...withLevel(event),
        ...event.fields,
        service: e.service,
        env: e.env,
        type: e.type,
        '@timestamp': timestamp,
      };
    case 'winston-logzio':
      return {
        ...event.fields,
        level: npmLevel(event),
        message: event.message,
        name: e.service,
        env: e.env,
        type: e.type,
        '@timestamp': timestamp,
      };
    case 'pino':
      return {
        level: PINO_LEVELS[npmLevel(event)] ?? 30,
        time: e.ms,
        pid: typeof event.fields.pid === 'number' ? event.fields.pid : 1,
        hostname: e.host ?? e.service,
        msg: event.message,
        ...event.fields,
        name: e.service,
        type: e.type,
        '@timestamp': timestamp,
      };
  }
}
