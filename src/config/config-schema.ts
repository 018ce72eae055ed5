/**
 * Every setting Logward reads, with its default and a description. `loadConfig` is the only reader;
 * `npx logward config` prints this table.
 */
import type { Cidr } from '../shared/cidr.js';
import { DEFAULT_ADMIN_EMAIL } from '../shared/email.js';

export type Role = 'api' | 'ingest' | 'scheduler';
export const ALL_ROLES: readonly Role[] = ['api', 'ingest', 'scheduler'];

export interface AppConfig {
  readonly dataDir: string;
  readonly apiHost: string;
  readonly apiPort: number;
  readonly listenerPort: number;
  readonly syslogTcpPort: number;
  readonly syslogUdpPort: number;
  /** Port of /health, /ready and /metrics alone (any role; the way to probe a scheduler-only process). */
  readonly opsPort: number | undefined;
  readonly region: string;
  /** `sqlite:<path>` (resolved) or a `postgres://` URL. */
  readonly controlPlaneUrl: string;
  /** `chdb:<path>` (resolved) or an `http(s)://` ClickHouse URL. */
  readonly logStoreUrl: string;
  /**
   * The ClickHouse cluster (`remote_servers` name) the log tables are created on: ReplicatedMergeTree `*_local` tables
   * under Distributed ones (docs/log-schema.md, decision 0723); undefined for one server or the embedded engine.
   */
  readonly clickhouseCluster: string | undefined;
  readonly roles: readonly Role[];
  readonly bootstrapAdminEmail: string;
  readonly bootstrapApiToken: string | undefined;
  readonly bootstrapShippingToken: string | undefined;
  readonly logLevel: string;
  readonly maxConcurrentRequestsPerAccount: number;
  readonly shutdownTimeoutMs: number;
  /** The detection engine that evaluates alerts and security rules (decision 0692). */
  readonly detection: DetectionTuning;
  /** Settings read under a name that is going away, as `OLD → NEW`: logged as warnings at start. */
  readonly deprecations: readonly string[];
  readonly retention: RetentionTuning;
  /** How often the counts of the words most logs hold are brought up to date (decision 0197). */
  readonly wordCountIntervalMs: number;
  readonly smtpUrl: string | undefined;
  readonly smtpFrom: string;
  readonly logStoreMemoryBytes: number;
  /** Search speed rules switched off by name (issue 47; the store refuses a name it does not know). */
  readonly searchRulesOff: readonly string[];
  readonly secretKey: string | undefined;
  /** The operator says this is the only Logward process on its stores: allows mixing embedded and server stores. */
  readonly singleNode: boolean;
  readonly smtpTimeoutMs: number;
  /** Ranges user-given URLs (webhooks, endpoints) may reach although they are loopback, private or link-local. */
  readonly outboundAllowCidrs: readonly Cidr[];
  /**
   * Reverse proxies whose `X-Forwarded-For` is believed (decision 0614): behind one, the client address (sign-in
   * throttling, request logs) is the nearest address of that header not in these ranges. Empty: the socket's peer.
   */
  readonly trustedProxies: readonly Cidr[];
  /** Where snapshot images and exports are kept (decision 0323). */
  readonly blobStore: BlobStoreConfig;
  /** The only directory DIRECTORY archives may write under (decision 0703): a user names a path inside it. */
  readonly archiveDir: string;
  /** The address people reach Logward at, for links sent out (snapshot images, the web app); unset: the request's. */
  readonly publicUrl: string | undefined;
}

/** How the alert engine paces itself; defaults keep a single machine responsive (docs/benchmarks.md). */
export interface DetectionTuning {
  /** Grid of windows for rules without a cron schedule. */
  readonly intervalSeconds: number;
  /** How long after a window ends it is judged, so late logs are counted. */
  readonly settleDelayMs: number;
  /** Question batches asked at the same time (default 1 on embedded chDB, which shares the API's cores; 4 on a server). */
  readonly concurrency: number;
  /** A batch of rule questions is abandoned (and its rules' windows judged again next cycle) after this long. */
  readonly evaluationTimeoutMs: number;
  /** Windows one rule catches up per cycle after downtime, so one backlog cannot starve the others. */
  readonly maxWindowsPerCycle: number;
  /** Sample logs attached to one notification. */
  readonly samplesPerNotification: number;
}

export interface RetentionTuning {
  /** How often logs past retention are deleted (TTL alone waits for merges). */
  readonly enforceIntervalMs: number;
}

export type BlobStoreConfig =
  | { readonly kind: 'files'; readonly root: string; readonly maxBlobBytes: number }
  | {
      readonly kind: 's3';
      readonly bucket: string;
      /** Key prefix inside the bucket, '' or ending with '/'. */
      readonly prefix: string;
      readonly endpoint: string | undefined;
      readonly region: string;
      readonly forcePathStyle: boolean;
      readonly maxBlobBytes: number;
    };

export interface SettingDefinition {
  readonly env: string;
  readonly description: string;
  /** Shown in docs; `undefined` means the setting is optional with no default. */
  readonly defaultText: string | undefined;
  readonly secret?: boolean;
}

/** Old names still read (with a warning at start) until deployments have moved to the new ones (decision 0692). */
export const RENAMED_SETTINGS: Readonly<Record<string, string>> = Object.fromEntries(
  ['INTERVAL_SECONDS', 'SETTLE_DELAY_MS', 'CONCURRENCY', 'EVALUATION_TIMEOUT_MS', 'MAX_WINDOWS_PER_CYCLE', 'SAMPLES_PER_NOTIFICATION'].map(
    (suffix) => [`LOGWARD_ALERT_${suffix}`, `LOGWARD_DETECTION_${suffix}`],
  ),
);

export const SETTINGS: readonly SettingDefinition[] = [
  {
    env: 'LOGWARD_DATA_DIR',
    defaultText: './data',
    description: 'Directory holding the embedded stores (SQLite control plane, chDB logs).',
  },
  { env: 'LOGWARD_API_HOST', defaultText: '0.0.0.0', description: 'Address the API, listener and syslog ports bind to.' },
  {
    env: 'LOGWARD_API_PORT',
    defaultText: '8080',
    description: 'Port of the HTTP API (Logz.io-compatible and Elasticsearch-compatible read API).',
  },
  {
    env: 'LOGWARD_LISTENER_PORT',
    defaultText: '8070',
    description: 'Port of the log listener (Logz.io HTTP bulk and Elasticsearch _bulk).',
  },
  {
    env: 'LOGWARD_SYSLOG_TCP_PORT',
    defaultText: '5000',
    description: 'Port of the syslog listener over TCP (Logz.io rsyslog format, RFC 5424, RFC 3164).',
  },
  { env: 'LOGWARD_SYSLOG_UDP_PORT', defaultText: '5050', description: 'Port of the syslog and JSON-datagram listener over UDP.' },
  {
    env: 'LOGWARD_OPS_PORT',
    defaultText: undefined,
    description:
      'Port serving only /health, /ready and /metrics, for any role (a scheduler-only process has no other port). The API port and the listener port serve them too.',
  },
  {
    env: 'LOGWARD_REGION',
    defaultText: 'us',
    description: 'Two-letter region code of this server; requests for accounts of another region are refused.',
  },
  {
    env: 'LOGWARD_CONTROL_PLANE_URL',
    defaultText: 'SQLite file <data dir>/control-plane.sqlite',
    description: 'Control-plane database: a file path or sqlite:<path> for SQLite, or a postgres:// URL.',
  },
  {
    env: 'LOGWARD_LOG_STORE_URL',
    defaultText: 'chDB in <data dir>/logs',
    description: 'Log store: chdb:<path> for embedded ClickHouse, or an http(s):// ClickHouse server URL.',
  },
  {
    env: 'LOGWARD_CLICKHOUSE_CLUSTER',
    defaultText: undefined,
    description:
      "Name of the ClickHouse cluster (in the servers' remote_servers, with {shard} and {replica} macros) to create the log tables on: replicated local tables under Distributed ones, all ON CLUSTER. Only with an http(s):// LOGWARD_LOG_STORE_URL.",
  },
  { env: 'LOGWARD_ROLES', defaultText: 'api,ingest,scheduler', description: 'Comma-separated roles this process runs.' },
  {
    env: 'LOGWARD_BOOTSTRAP_ADMIN_EMAIL',
    defaultText: DEFAULT_ADMIN_EMAIL,
    description: 'E-mail of the admin user created on the first start (printed then); sub and security accounts are created naming it.',
  },
  {
    env: 'LOGWARD_BOOTSTRAP_API_TOKEN',
    defaultText: undefined,
    secret: true,
    description: 'API token value created on the first start instead of a random one (for automation).',
  },
  {
    env: 'LOGWARD_BOOTSTRAP_SHIPPING_TOKEN',
    defaultText: undefined,
    secret: true,
    description: 'Log shipping token value created on the first start instead of a random one.',
  },
  { env: 'LOGWARD_LOG_LEVEL', defaultText: 'info', description: 'Service log level: fatal, error, warn, info, debug, trace or silent.' },
  {
    env: 'LOGWARD_MAX_CONCURRENT_REQUESTS',
    defaultText: '100',
    description: 'Concurrent API requests allowed per account; more are answered 429.',
  },
  { env: 'LOGWARD_SHUTDOWN_TIMEOUT_MS', defaultText: '10000', description: 'How long a graceful shutdown waits for in-flight work.' },
  {
    env: 'LOGWARD_DETECTION_INTERVAL_SECONDS',
    defaultText: '60',
    description: 'How often alerts and security rules without a cron schedule are evaluated (was LOGWARD_ALERT_INTERVAL_SECONDS).',
  },
  {
    env: 'LOGWARD_DETECTION_SETTLE_DELAY_MS',
    defaultText: '30000',
    description: 'How long after an evaluation window ends rules judge it, so late logs count (was LOGWARD_ALERT_SETTLE_DELAY_MS).',
  },
  {
    env: 'LOGWARD_DETECTION_CONCURRENCY',
    defaultText: '1 on embedded chDB, 4 on a ClickHouse server',
    description: 'Rule question batches asked at the same time (was LOGWARD_ALERT_CONCURRENCY).',
  },
  {
    env: 'LOGWARD_DETECTION_EVALUATION_TIMEOUT_MS',
    defaultText: '30000',
    description:
      'How long one batch of rule questions may run before its windows are judged again next cycle (was LOGWARD_ALERT_EVALUATION_TIMEOUT_MS).',
  },
  {
    env: 'LOGWARD_DETECTION_MAX_WINDOWS_PER_CYCLE',
    defaultText: '10',
    description: 'Windows one rule catches up per cycle after downtime (was LOGWARD_ALERT_MAX_WINDOWS_PER_CYCLE).',
  },
  {
    env: 'LOGWARD_DETECTION_SAMPLES_PER_NOTIFICATION',
    defaultText: '10',
    description: 'Sample logs attached to one notification (was LOGWARD_ALERT_SAMPLES_PER_NOTIFICATION).',
  },
  {
    env: 'LOGWARD_RETENTION_INTERVAL_SECONDS',
    defaultText: '600',
    description: 'How often logs past their account retention are deleted.',
  },
  {
    env: 'LOGWARD_WORD_COUNT_INTERVAL_SECONDS',
    defaultText: '60',
    description: 'How often the counts of the words most logs hold are brought up to date (exact totals of one-word searches).',
  },
  {
    env: 'LOGWARD_SMTP_URL',
    defaultText: undefined,
    secret: true,
    description: 'SMTP server for alert e-mail, e.g. smtp://user:pass@host:587.',
  },
  { env: 'LOGWARD_SMTP_FROM', defaultText: 'logward@localhost', description: 'Sender address of alert e-mail.' },
  { env: 'LOGWARD_SMTP_TIMEOUT_MS', defaultText: '10000', description: 'Connection and send timeout of alert e-mail.' },
  { env: 'LOGWARD_LOG_STORE_MEMORY_MB', defaultText: '2048', description: 'Memory budget of the embedded log store engine in MB.' },
  {
    env: 'LOGWARD_SEARCH_RULES_OFF',
    defaultText: undefined,
    description:
      'Comma-separated search speed rules to switch off, to debug a search or measure what a rule buys (answers stay the same; docs/search-rules.md lists them).',
  },
  {
    env: 'LOGWARD_OUTBOUND_ALLOW_CIDRS',
    defaultText: undefined,
    description:
      'Comma-separated CIDR ranges that notification endpoints and webhooks may reach although loopback, private, link-local or metadata addresses are refused (e.g. 10.20.0.0/16).',
  },
  {
    env: 'LOGWARD_TRUSTED_PROXIES',
    defaultText: undefined,
    description:
      'Comma-separated CIDR ranges of reverse proxies in front of the API (e.g. 10.0.0.5/32); their X-Forwarded-For gives the client address that sign-in throttling and request logs use. Unset: the connecting address, and X-Forwarded-For is ignored.',
  },
  {
    env: 'LOGWARD_BLOB_STORE_URL',
    defaultText: 'files in <data dir>/blobs',
    description:
      'Blob store for snapshot images and exports: a directory path or files:<path>, or s3://bucket[/prefix] for an S3-compatible store.',
  },
  {
    env: 'LOGWARD_BLOB_S3_ENDPOINT',
    defaultText: undefined,
    description: 'URL of an S3-compatible server (MinIO, Ceph…); unset for AWS S3. Credentials come from the AWS_* variables.',
  },
  { env: 'LOGWARD_BLOB_S3_REGION', defaultText: 'us-east-1', description: 'Region of the S3 bucket.' },
  {
    env: 'LOGWARD_BLOB_S3_PATH_STYLE',
    defaultText: 'true with an endpoint, else false',
    description: 'Address the bucket in the URL path (true) rather than the host name (false).',
  },
  {
    env: 'LOGWARD_PUBLIC_URL',
    defaultText: undefined,
    description:
      'Address people reach Logward at (e.g. https://logs.example.com), used in links sent out: snapshot images and web app links. Unset: the address the request came to.',
  },
  { env: 'LOGWARD_BLOB_MAX_MB', defaultText: '64', description: 'Largest blob (snapshot image, export) accepted, in MB.' },
  {
    env: 'LOGWARD_ARCHIVE_DIR',
    defaultText: '<data dir>/archives',
    description:
      'Root of DIRECTORY archives (storageType DIRECTORY): an archive names a relative path inside it and can never write or read outside it.',
  },
  {
    env: 'LOGWARD_SECRET_KEY',
    defaultText: undefined,
    secret: true,
    description:
      'Key that encrypts stored notification secrets; every process of a cluster must share it (required for the api and scheduler roles with a PostgreSQL control plane). The control plane records its fingerprint (never the key) and a process with another key refuses to start. Default with SQLite: a key file generated in the data dir.',
  },
  {
    env: 'LOGWARD_SINGLE_NODE',
    defaultText: 'false',
    description:
      'true when this is the only Logward process on its stores: allows a PostgreSQL control plane with the embedded log store (or SQLite with a ClickHouse server) and a PostgreSQL control plane without LOGWARD_SECRET_KEY.',
  },
];
