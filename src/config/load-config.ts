import os from 'node:os';
import path from 'node:path';
import { parseCidr, type Cidr } from '../shared/cidr.js';
import { ALL_ROLES, SETTINGS, type AppConfig, type BlobStoreConfig, type Role } from './config-schema.js';

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

function read(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function readInteger(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^-?\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

function readPort(env: Env, name: string, fallback: number): number {
  return readInteger(env, name, fallback, 0, 65_535);
}

function readRoles(env: Env): readonly Role[] {
  const raw = read(env, 'LOGWARD_ROLES');
  if (raw === undefined) return ALL_ROLES;
  const roles = raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  for (const role of roles) {
    if (!ALL_ROLES.includes(role as Role)) {
      throw new ConfigError(`LOGWARD_ROLES must list roles among ${ALL_ROLES.join(', ')}, got "${role}"`);
    }
  }
  if (roles.length === 0) throw new ConfigError('LOGWARD_ROLES must name at least one role');
  return [...new Set(roles)] as Role[];
}

function resolveControlPlaneUrl(env: Env, dataDir: string): string {
  const raw = read(env, 'LOGWARD_CONTROL_PLANE_URL');
  if (raw === undefined) return `sqlite:${path.join(dataDir, 'control-plane.sqlite')}`;
  if (/^postgres(ql)?:\/\//.test(raw)) return raw;
  if (raw.startsWith('sqlite:')) return `sqlite:${path.resolve(raw.slice('sqlite:'.length))}`;
  if (/^[a-z]+:\/\//i.test(raw)) {
    throw new ConfigError(`LOGWARD_CONTROL_PLANE_URL must be a file path, sqlite:<path> or postgres://…, got "${raw}"`);
  }
  return `sqlite:${path.resolve(raw)}`;
}

function resolveLogStoreUrl(env: Env, dataDir: string): string {
  const raw = read(env, 'LOGWARD_LOG_STORE_URL');
  if (raw === undefined) return `chdb:${path.join(dataDir, 'logs')}`;
  if (/^https?:\/\//.test(raw)) {
    try {
      new URL(raw);
    } catch {
      throw new ConfigError(`LOGWARD_LOG_STORE_URL is not a valid URL: "${raw}"`);
    }
    return raw;
  }
  if (raw.startsWith('chdb:')) return `chdb:${path.resolve(raw.slice('chdb:'.length))}`;
  throw new ConfigError(`LOGWARD_LOG_STORE_URL must be chdb:<path> or an http(s):// ClickHouse URL, got "${raw}"`);
}

function readCidrs(env: Env, name: string): readonly Cidr[] {
  const raw = read(env, name);
  if (raw === undefined) return [];
  return raw
    .split(',')
    .filter((part) => part.trim() !== '')
    .map((part) => {
      const cidr = parseCidr(part);
      if (cidr === undefined) throw new ConfigError(`${name} must list CIDR ranges such as 10.0.0.0/8 or fd00::/8, got "${part.trim()}"`);
      return cidr;
    });
}

function resolveBlobStore(env: Env, dataDir: string): BlobStoreConfig {
  const raw = read(env, 'LOGWARD_BLOB_STORE_URL');
  const maxBlobBytes = readInteger(env, 'LOGWARD_BLOB_MAX_MB', 64, 1, 1_048_576) * 1024 * 1024;
  if (raw === undefined) return { kind: 'files', root: path.join(dataDir, 'blobs'), maxBlobBytes };
  if (raw.startsWith('s3://')) {
    const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(raw);
    const bucket = match?.[1];
    const prefix = (match?.[2] ?? '').replace(/\/*$/, '');
    if (bucket === undefined || !/^[A-Za-z0-9._/-]*$/.test(prefix)) {
      throw new ConfigError(`LOGWARD_BLOB_STORE_URL must be s3://<bucket>[/<prefix>] with an S3 bucket name, got "${raw}"`);
    }
    const endpoint = read(env, 'LOGWARD_BLOB_S3_ENDPOINT');
    if (endpoint !== undefined && !/^https?:\/\/[^\s]+$/.test(endpoint))
      throw new ConfigError(`LOGWARD_BLOB_S3_ENDPOINT must be an http(s):// URL, got "${endpoint}"`);
    const pathStyle = read(env, 'LOGWARD_BLOB_S3_PATH_STYLE');
    if (pathStyle !== undefined && pathStyle !== 'true' && pathStyle !== 'false') {
      throw new ConfigError(`LOGWARD_BLOB_S3_PATH_STYLE must be true or false, got "${pathStyle}"`);
    }
    return {
      kind: 's3',
      bucket,
      prefix: prefix === '' ? '' : `${prefix}/`,
      endpoint,
      region: read(env, 'LOGWARD_BLOB_S3_REGION') ?? 'us-east-1',
      forcePathStyle: pathStyle === undefined ? endpoint !== undefined : pathStyle === 'true',
      maxBlobBytes,
    };
  }
  if (/^[a-z0-9]+:\/\//i.test(raw))
    throw new ConfigError(`LOGWARD_BLOB_STORE_URL must be a directory, files:<path> or s3://…, got "${raw}"`);
  const dir = raw.startsWith('files:') ? raw.slice('files:'.length) : raw;
  return { kind: 'files', root: path.resolve(dir), maxBlobBytes };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const KNOWN = new Set(SETTINGS.map((setting) => setting.env));

/** Builds the frozen configuration from an environment map; throws ConfigError naming the variable. */
export function loadConfig(env: Env): AppConfig {
  for (const name of Object.keys(env)) {
    if (name.startsWith('LOGWARD_') && !KNOWN.has(name) && !name.startsWith('LOGWARD_TEST_')) {
      throw new ConfigError(`${name} is not a Logward setting; known settings: ${[...KNOWN].join(', ')}`);
    }
  }
  const dataDir = path.resolve(read(env, 'LOGWARD_DATA_DIR') ?? './data');
  const region = (read(env, 'LOGWARD_REGION') ?? 'us').toLowerCase();
  if (!/^[a-z]{2}$/.test(region)) throw new ConfigError(`LOGWARD_REGION must be a two-letter code such as us or eu, got "${region}"`);
  const adminEmail = read(env, 'LOGWARD_BOOTSTRAP_ADMIN_EMAIL') ?? 'admin@localhost';
  if (!/^[^@\s]+@[^@\s]+$/.test(adminEmail)) {
    throw new ConfigError(`LOGWARD_BOOTSTRAP_ADMIN_EMAIL must be an e-mail address, got "${adminEmail}"`);
  }
  const logLevel = read(env, 'LOGWARD_LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOGWARD_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  const bootstrapApiToken = read(env, 'LOGWARD_BOOTSTRAP_API_TOKEN');
  const bootstrapShippingToken = read(env, 'LOGWARD_BOOTSTRAP_SHIPPING_TOKEN');
  for (const [name, value] of [
    ['LOGWARD_BOOTSTRAP_API_TOKEN', bootstrapApiToken],
    ['LOGWARD_BOOTSTRAP_SHIPPING_TOKEN', bootstrapShippingToken],
  ] as const) {
    if (value !== undefined && !/^[A-Za-z0-9_-]{16,128}$/.test(value)) {
      throw new ConfigError(`${name} must be 16 to 128 letters, digits, '-' or '_'`);
    }
  }
  const smtpUrl = read(env, 'LOGWARD_SMTP_URL');
  if (smtpUrl !== undefined && !/^smtps?:\/\//.test(smtpUrl)) throw new ConfigError('LOGWARD_SMTP_URL must start with smtp:// or smtps://');

  const logStoreUrl = resolveLogStoreUrl(env, dataDir);
  const config: AppConfig = {
    dataDir,
    apiHost: read(env, 'LOGWARD_API_HOST') ?? '0.0.0.0',
    apiPort: readPort(env, 'LOGWARD_API_PORT', 8080),
    listenerPort: readPort(env, 'LOGWARD_LISTENER_PORT', 8070),
    syslogTcpPort: readPort(env, 'LOGWARD_SYSLOG_TCP_PORT', 5000),
    syslogUdpPort: readPort(env, 'LOGWARD_SYSLOG_UDP_PORT', 5050),
    region,
    controlPlaneUrl: resolveControlPlaneUrl(env, dataDir),
    logStoreUrl,
    roles: readRoles(env),
    bootstrapAdminEmail: adminEmail,
    bootstrapApiToken,
    bootstrapShippingToken,
    logLevel,
    maxConcurrentRequestsPerAccount: readInteger(env, 'LOGWARD_MAX_CONCURRENT_REQUESTS', 100, 1, 100_000),
    shutdownTimeoutMs: readInteger(env, 'LOGWARD_SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    alertIntervalSeconds: readInteger(env, 'LOGWARD_ALERT_INTERVAL_SECONDS', 60, 1, 86_400),
    alerts: Object.freeze({
      settleDelayMs: readInteger(env, 'LOGWARD_ALERT_SETTLE_DELAY_MS', 30_000, 0, 3_600_000),
      // The embedded engine shares the API's cores: one alert query at a time keeps searches fast (docs/benchmarks.md).
      concurrency: readInteger(env, 'LOGWARD_ALERT_CONCURRENCY', logStoreUrl.startsWith('chdb:') ? 1 : 4, 1, 64),
      evaluationTimeoutMs: readInteger(env, 'LOGWARD_ALERT_EVALUATION_TIMEOUT_MS', 30_000, 1_000, 3_600_000),
      maxWindowsPerCycle: readInteger(env, 'LOGWARD_ALERT_MAX_WINDOWS_PER_CYCLE', 10, 1, 1_000),
      samplesPerNotification: readInteger(env, 'LOGWARD_ALERT_SAMPLES_PER_NOTIFICATION', 10, 0, 100),
    }),
    retention: Object.freeze({ enforceIntervalMs: readInteger(env, 'LOGWARD_RETENTION_INTERVAL_SECONDS', 600, 10, 86_400) * 1000 }),
    wordCountIntervalMs: readInteger(env, 'LOGWARD_WORD_COUNT_INTERVAL_SECONDS', 60, 5, 86_400) * 1000,
    smtpUrl,
    smtpFrom: read(env, 'LOGWARD_SMTP_FROM') ?? 'logward@localhost',
    logStoreMemoryBytes: readInteger(env, 'LOGWARD_LOG_STORE_MEMORY_MB', defaultEngineMemoryMb(), 128, 1_048_576) * 1024 * 1024,
    secretKey: read(env, 'LOGWARD_SECRET_KEY'),
    smtpTimeoutMs: readInteger(env, 'LOGWARD_SMTP_TIMEOUT_MS', 10_000, 100, 600_000),
    outboundAllowCidrs: readCidrs(env, 'LOGWARD_OUTBOUND_ALLOW_CIDRS'),
    searchRulesOff: (read(env, 'LOGWARD_SEARCH_RULES_OFF') ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
    blobStore: resolveBlobStore(env, dataDir),
  };
  return Object.freeze(config);
}

/**
 * A quarter of the machine's memory, at least 2 GiB. The engine keeps its mark, index and text-index caches inside
 * this budget: at 2 GiB on a 24 GiB machine scans of 5M logs ran about twice as slow as with 6–16 GiB (decision 0127).
 */
function defaultEngineMemoryMb(): number {
  return Math.max(2048, Math.floor(os.totalmem() / 4 / 1024 / 1024));
}
