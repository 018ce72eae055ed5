import os from 'node:os';
import path from 'node:path';
import { parseCidr, type Cidr } from '../shared/cidr.js';
import { DEFAULT_ADMIN_EMAIL, isEmailAddress } from '../shared/email.js';
import { ALL_ROLES, RENAMED_SETTINGS, SETTINGS, type AppConfig, type BlobStoreConfig, type Role } from './config-schema.js';

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

/**
 * A setting renamed: the new name wins; the old one is still read, and noted in `deprecations` (logged at start) so
 * deployments move over without breaking (decision 0692).
 */
function readRenamedInteger(
  env: Env,
  deprecations: string[],
  names: { readonly name: string; readonly old: string },
  fallback: number,
  min: number,
  max: number,
): number {
  if (read(env, names.name) === undefined && read(env, names.old) !== undefined) {
    deprecations.push(`${names.old} → ${names.name}`);
    return readInteger(env, names.old, fallback, min, max);
  }
  return readInteger(env, names.name, fallback, min, max);
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

function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (raw !== 'true' && raw !== 'false') throw new ConfigError(`${name} must be true or false, got "${raw}"`);
  return raw === 'true';
}

/**
 * The settings judged together (issue 51): a PostgreSQL control plane is there to be shared by several processes,
 * so each of them must reach the same logs (a ClickHouse server, not its own embedded files) and the same secret
 * key; a SQLite control plane is one machine's file, so a shared ClickHouse server beside it would mix the logs of
 * unrelated installations' account ids. LOGWARD_SINGLE_NODE=true is the operator saying there is one process.
 */
function checkClusterShape(input: {
  readonly env: Env;
  readonly controlPlaneUrl: string;
  readonly logStoreUrl: string;
  readonly roles: readonly Role[];
  readonly secretKey: string | undefined;
}): void {
  const sharedControlPlane = !input.controlPlaneUrl.startsWith('sqlite:');
  const sharedLogStore = !input.logStoreUrl.startsWith('chdb:');
  const hint = 'set LOGWARD_SINGLE_NODE=true if this is the only Logward process on these stores';
  if (sharedControlPlane && !sharedLogStore) {
    const logStore =
      read(input.env, 'LOGWARD_LOG_STORE_URL') === undefined ? 'is not set (the embedded chDB of this data dir)' : 'is embedded chDB';
    throw new ConfigError(
      `LOGWARD_CONTROL_PLANE_URL is a PostgreSQL server (shared by a cluster) but LOGWARD_LOG_STORE_URL ${logStore}: ` +
        `each process would see only its own logs. Set LOGWARD_LOG_STORE_URL to the cluster's ClickHouse http(s):// URL, or ${hint}.`,
    );
  }
  if (!sharedControlPlane && sharedLogStore) {
    throw new ConfigError(
      `LOGWARD_LOG_STORE_URL is a ClickHouse server (shared by a cluster) but LOGWARD_CONTROL_PLANE_URL is a SQLite file of this machine: ` +
        `processes on other machines would keep other accounts over the same logs. Set LOGWARD_CONTROL_PLANE_URL to the cluster's postgres:// URL, or ${hint}.`,
    );
  }
  const needsKey = input.roles.includes('api') || input.roles.includes('scheduler');
  if (sharedControlPlane && needsKey && input.secretKey === undefined) {
    throw new ConfigError(
      `LOGWARD_SECRET_KEY must be set with a PostgreSQL control plane for the ${input.roles.filter((role) => role !== 'ingest').join(' and ')} role: ` +
        `every api and scheduler process of a cluster must share it to read stored endpoint secrets (or ${hint}).`,
    );
  }
}

/**
 * The cluster name goes into DDL as an identifier, so only a plain name is taken; an embedded engine has no cluster,
 * and a name beside it would silently create single-node tables an operator believes replicated.
 */
function readClickHouseCluster(env: Env, logStoreUrl: string): string | undefined {
  const cluster = read(env, 'LOGWARD_CLICKHOUSE_CLUSTER');
  if (cluster === undefined) return undefined;
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(cluster))
    throw new ConfigError(
      `LOGWARD_CLICKHOUSE_CLUSTER must be a cluster name of letters, digits and '_' (as in remote_servers), got "${cluster}"`,
    );
  if (logStoreUrl.startsWith('chdb:')) {
    const logStore =
      read(env, 'LOGWARD_LOG_STORE_URL') === undefined ? 'is not set (the embedded chDB of this data dir)' : 'is embedded chDB';
    throw new ConfigError(
      `LOGWARD_CLICKHOUSE_CLUSTER names a ClickHouse cluster (${cluster}) but LOGWARD_LOG_STORE_URL ${logStore}, which has no cluster: ` +
        'set LOGWARD_LOG_STORE_URL to an http(s):// URL of a server of that cluster, or unset LOGWARD_CLICKHOUSE_CLUSTER.',
    );
  }
  return cluster;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const KNOWN = new Set([...SETTINGS.map((setting) => setting.env), ...Object.keys(RENAMED_SETTINGS)]);

export interface LoadConfigOptions {
  /** Judge the settings together as a role-running process (default); the CLI runs no role and only opens the control plane. */
  readonly forRoles?: boolean;
}

/** Builds the frozen configuration from an environment map; throws ConfigError naming the variable. */
export function loadConfig(env: Env, options: LoadConfigOptions = {}): AppConfig {
  for (const name of Object.keys(env)) {
    if (name.startsWith('LOGWARD_') && !KNOWN.has(name) && !name.startsWith('LOGWARD_TEST_')) {
      throw new ConfigError(`${name} is not a Logward setting; known settings: ${[...KNOWN].join(', ')}`);
    }
  }
  const dataDir = path.resolve(read(env, 'LOGWARD_DATA_DIR') ?? './data');
  const region = (read(env, 'LOGWARD_REGION') ?? 'us').toLowerCase();
  if (!/^[a-z]{2}$/.test(region)) throw new ConfigError(`LOGWARD_REGION must be a two-letter code such as us or eu, got "${region}"`);
  const adminEmail = read(env, 'LOGWARD_BOOTSTRAP_ADMIN_EMAIL') ?? DEFAULT_ADMIN_EMAIL;
  // The API's own pattern: creating a sub or security account names an admin by this e-mail.
  if (!isEmailAddress(adminEmail)) {
    throw new ConfigError(
      `LOGWARD_BOOTSTRAP_ADMIN_EMAIL must be an e-mail address the API accepts (such as ${DEFAULT_ADMIN_EMAIL}), got "${adminEmail}"`,
    );
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
  const publicUrl = read(env, 'LOGWARD_PUBLIC_URL')?.replace(/\/+$/, '');
  if (publicUrl !== undefined && !/^https?:\/\/[^/]+/.test(publicUrl))
    throw new ConfigError('LOGWARD_PUBLIC_URL must be an http:// or https:// address');
  const smtpUrl = read(env, 'LOGWARD_SMTP_URL');
  if (smtpUrl !== undefined && !/^smtps?:\/\//.test(smtpUrl)) throw new ConfigError('LOGWARD_SMTP_URL must start with smtp:// or smtps://');

  const logStoreUrl = resolveLogStoreUrl(env, dataDir);
  const clickhouseCluster = readClickHouseCluster(env, logStoreUrl);
  const controlPlaneUrl = resolveControlPlaneUrl(env, dataDir);
  const roles = readRoles(env);
  const secretKey = read(env, 'LOGWARD_SECRET_KEY');
  const singleNode = readBoolean(env, 'LOGWARD_SINGLE_NODE', false);
  if (!singleNode && options.forRoles !== false) checkClusterShape({ env, controlPlaneUrl, logStoreUrl, roles, secretKey });
  const deprecations: string[] = [];
  const renamed = (suffix: string, fallback: number, min: number, max: number): number => {
    const old = `LOGWARD_ALERT_${suffix}`;
    return readRenamedInteger(env, deprecations, { name: RENAMED_SETTINGS[old] ?? `LOGWARD_DETECTION_${suffix}`, old }, fallback, min, max);
  };
  const config: AppConfig = {
    dataDir,
    apiHost: read(env, 'LOGWARD_API_HOST') ?? '0.0.0.0',
    apiPort: readPort(env, 'LOGWARD_API_PORT', 8080),
    listenerPort: readPort(env, 'LOGWARD_LISTENER_PORT', 8070),
    syslogTcpPort: readPort(env, 'LOGWARD_SYSLOG_TCP_PORT', 5000),
    syslogUdpPort: readPort(env, 'LOGWARD_SYSLOG_UDP_PORT', 5050),
    opsPort: read(env, 'LOGWARD_OPS_PORT') === undefined ? undefined : readPort(env, 'LOGWARD_OPS_PORT', 0),
    region,
    controlPlaneUrl,
    logStoreUrl,
    clickhouseCluster,
    roles,
    bootstrapAdminEmail: adminEmail,
    bootstrapApiToken,
    bootstrapShippingToken,
    logLevel,
    maxConcurrentRequestsPerAccount: readInteger(env, 'LOGWARD_MAX_CONCURRENT_REQUESTS', 100, 1, 100_000),
    shutdownTimeoutMs: readInteger(env, 'LOGWARD_SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    detection: Object.freeze({
      intervalSeconds: renamed('INTERVAL_SECONDS', 60, 1, 86_400),
      settleDelayMs: renamed('SETTLE_DELAY_MS', 30_000, 0, 3_600_000),
      // The embedded engine shares the API's cores: one rule question at a time keeps searches fast (docs/benchmarks.md).
      concurrency: renamed('CONCURRENCY', logStoreUrl.startsWith('chdb:') ? 1 : 4, 1, 64),
      evaluationTimeoutMs: renamed('EVALUATION_TIMEOUT_MS', 30_000, 1_000, 3_600_000),
      maxWindowsPerCycle: renamed('MAX_WINDOWS_PER_CYCLE', 10, 1, 1_000),
      samplesPerNotification: renamed('SAMPLES_PER_NOTIFICATION', 10, 0, 100),
    }),
    deprecations: Object.freeze(deprecations),
    retention: Object.freeze({ enforceIntervalMs: readInteger(env, 'LOGWARD_RETENTION_INTERVAL_SECONDS', 600, 10, 86_400) * 1000 }),
    wordCountIntervalMs: readInteger(env, 'LOGWARD_WORD_COUNT_INTERVAL_SECONDS', 60, 5, 86_400) * 1000,
    smtpUrl,
    publicUrl,
    smtpFrom: read(env, 'LOGWARD_SMTP_FROM') ?? 'logward@localhost',
    logStoreMemoryBytes: readInteger(env, 'LOGWARD_LOG_STORE_MEMORY_MB', defaultEngineMemoryMb(), 128, 1_048_576) * 1024 * 1024,
    secretKey,
    singleNode,
    smtpTimeoutMs: readInteger(env, 'LOGWARD_SMTP_TIMEOUT_MS', 10_000, 100, 600_000),
    outboundAllowCidrs: readCidrs(env, 'LOGWARD_OUTBOUND_ALLOW_CIDRS'),
    trustedProxies: readCidrs(env, 'LOGWARD_TRUSTED_PROXIES'),
    searchRulesOff: (read(env, 'LOGWARD_SEARCH_RULES_OFF') ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
    blobStore: resolveBlobStore(env, dataDir),
    archiveDir: path.resolve(read(env, 'LOGWARD_ARCHIVE_DIR') ?? path.join(dataDir, 'archives')),
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
