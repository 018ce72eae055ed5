import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from './index.js';

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = loadConfig({});
    assert.equal(config.apiPort, 8080);
    assert.equal(config.listenerPort, 8070);
    assert.equal(config.syslogTcpPort, 5000);
    assert.equal(config.syslogUdpPort, 5050);
    assert.equal(config.region, 'us');
    assert.deepEqual(config.roles, ['api', 'ingest', 'scheduler']);
    assert.equal(config.dataDir, path.resolve('./data'));
    assert.equal(config.controlPlaneUrl, `sqlite:${path.resolve('./data/control-plane.sqlite')}`);
    assert.equal(config.logStoreUrl, `chdb:${path.resolve('./data/logs')}`);
    assert.equal(config.bootstrapAdminEmail, 'admin@logward.localhost');
    assert.ok(Object.isFrozen(config));
  });

  it('names the variable and the rule when a value is invalid', () => {
    assert.throws(
      () => loadConfig({ LOGWARD_API_PORT: '80a' }),
      (error: unknown) =>
        error instanceof ConfigError && /LOGWARD_API_PORT must be an integer between 0 and 65535, got "80a"/.test(error.message),
    );
    assert.throws(() => loadConfig({ LOGWARD_REGION: 'usa' }), /LOGWARD_REGION/);
    assert.throws(() => loadConfig({ LOGWARD_ROLES: 'api,worker' }), /LOGWARD_ROLES.*"worker"/);
    assert.throws(() => loadConfig({ LOGWARD_LOG_STORE_URL: 'ftp://x' }), /LOGWARD_LOG_STORE_URL/);
    assert.throws(() => loadConfig({ LOGWARD_BOOTSTRAP_API_TOKEN: 'short' }), /LOGWARD_BOOTSTRAP_API_TOKEN/);
    // An address the API would refuse could never be named when creating a sub or security account.
    assert.throws(() => loadConfig({ LOGWARD_BOOTSTRAP_ADMIN_EMAIL: 'admin@localhost' }), /LOGWARD_BOOTSTRAP_ADMIN_EMAIL.*admin@localhost/);
  });

  it('reads the outbound allow ranges and names a bad one', () => {
    assert.deepEqual(loadConfig({}).outboundAllowCidrs, []);
    assert.deepEqual(loadConfig({}).trustedProxies, []);
    assert.deepEqual(loadConfig({ LOGWARD_TRUSTED_PROXIES: '10.0.0.5' }).trustedProxies, [
      { network: '10.0.0.5', prefix: 32, family: 'ipv4' },
    ]);
    assert.throws(() => loadConfig({ LOGWARD_TRUSTED_PROXIES: 'proxy.internal' }), /LOGWARD_TRUSTED_PROXIES must list CIDR ranges/);
    assert.deepEqual(loadConfig({ LOGWARD_OUTBOUND_ALLOW_CIDRS: '10.20.0.0/16, fd00::/8' }).outboundAllowCidrs, [
      { network: '10.20.0.0', prefix: 16, family: 'ipv4' },
      { network: 'fd00::', prefix: 8, family: 'ipv6' },
    ]);
    assert.throws(
      () => loadConfig({ LOGWARD_OUTBOUND_ALLOW_CIDRS: '10.0.0.0/8,intranet' }),
      /LOGWARD_OUTBOUND_ALLOW_CIDRS must list CIDR ranges.*"intranet"/,
    );
  });

  it('rejects a misspelt LOGWARD_ variable instead of silently ignoring it', () => {
    assert.throws(() => loadConfig({ LOGWARD_API_PROT: '1' }), /LOGWARD_API_PROT is not a Logward setting/);
  });

  it('accepts PostgreSQL and ClickHouse server URLs', () => {
    const config = loadConfig({
      LOGWARD_CONTROL_PLANE_URL: 'postgres://u@127.0.0.1/db',
      LOGWARD_LOG_STORE_URL: 'http://127.0.0.1:8123',
      LOGWARD_ROLES: 'ingest',
      LOGWARD_REGION: 'EU',
    });
    assert.equal(config.controlPlaneUrl, 'postgres://u@127.0.0.1/db');
    assert.equal(config.logStoreUrl, 'http://127.0.0.1:8123');
    assert.deepEqual(config.roles, ['ingest']);
    assert.equal(config.region, 'eu');
  });

  it('groups the detection and retention tuning with the documented defaults', () => {
    const embedded = loadConfig({});
    assert.deepEqual(embedded.detection, {
      intervalSeconds: 60,
      settleDelayMs: 30_000,
      concurrency: 1,
      evaluationTimeoutMs: 30_000,
      maxWindowsPerCycle: 10,
      samplesPerNotification: 10,
    });
    assert.deepEqual(embedded.deprecations, []);
    assert.deepEqual(embedded.retention, { enforceIntervalMs: 600_000 });
    assert.equal(embedded.smtpTimeoutMs, 10_000);
    assert.equal(loadConfig({ LOGWARD_LOG_STORE_URL: 'http://127.0.0.1:8123', LOGWARD_SINGLE_NODE: 'true' }).detection.concurrency, 4);
    const tuned = loadConfig({
      LOGWARD_DETECTION_CONCURRENCY: '2',
      LOGWARD_DETECTION_MAX_WINDOWS_PER_CYCLE: '3',
      LOGWARD_RETENTION_INTERVAL_SECONDS: '60',
    });
    assert.equal(tuned.detection.concurrency, 2);
    assert.equal(tuned.detection.maxWindowsPerCycle, 3);
    assert.equal(tuned.retention.enforceIntervalMs, 60_000);
    assert.throws(
      () => loadConfig({ LOGWARD_DETECTION_MAX_WINDOWS_PER_CYCLE: '0' }),
      /LOGWARD_DETECTION_MAX_WINDOWS_PER_CYCLE must be an integer between 1 and 1000/,
    );
  });

  it('still reads the old LOGWARD_ALERT_* names, noting each as deprecated; the new name wins', () => {
    const old = loadConfig({ LOGWARD_ALERT_INTERVAL_SECONDS: '10', LOGWARD_ALERT_CONCURRENCY: '3' });
    assert.equal(old.detection.intervalSeconds, 10);
    assert.equal(old.detection.concurrency, 3);
    assert.deepEqual(old.deprecations, [
      'LOGWARD_ALERT_INTERVAL_SECONDS → LOGWARD_DETECTION_INTERVAL_SECONDS',
      'LOGWARD_ALERT_CONCURRENCY → LOGWARD_DETECTION_CONCURRENCY',
    ]);
    const both = loadConfig({ LOGWARD_ALERT_INTERVAL_SECONDS: '10', LOGWARD_DETECTION_INTERVAL_SECONDS: '20' });
    assert.equal(both.detection.intervalSeconds, 20);
    assert.deepEqual(both.deprecations, []);
    assert.throws(() => loadConfig({ LOGWARD_ALERT_MAX_WINDOWS_PER_CYCLE: '0' }), /LOGWARD_ALERT_MAX_WINDOWS_PER_CYCLE must be an integer/);
  });

  it('keeps blobs in files under the data dir by default, or in an S3-compatible bucket', () => {
    assert.deepEqual(loadConfig({ LOGWARD_DATA_DIR: '/srv/lw' }).blobStore, {
      kind: 'files',
      root: '/srv/lw/blobs',
      maxBlobBytes: 64 * 1024 * 1024,
    });
    assert.deepEqual(loadConfig({ LOGWARD_BLOB_STORE_URL: 'files:/mnt/blobs', LOGWARD_BLOB_MAX_MB: '8' }).blobStore, {
      kind: 'files',
      root: '/mnt/blobs',
      maxBlobBytes: 8 * 1024 * 1024,
    });
    assert.deepEqual(
      loadConfig({ LOGWARD_BLOB_STORE_URL: 's3://logward-blobs/prod/eu/', LOGWARD_BLOB_S3_ENDPOINT: 'http://127.0.0.1:9000' }).blobStore,
      {
        kind: 's3',
        bucket: 'logward-blobs',
        prefix: 'prod/eu/',
        endpoint: 'http://127.0.0.1:9000',
        region: 'us-east-1',
        forcePathStyle: true,
        maxBlobBytes: 64 * 1024 * 1024,
      },
    );
    const aws = loadConfig({ LOGWARD_BLOB_STORE_URL: 's3://logward-blobs', LOGWARD_BLOB_S3_REGION: 'eu-west-1' }).blobStore;
    assert.ok(aws.kind === 's3' && aws.prefix === '' && aws.endpoint === undefined && !aws.forcePathStyle && aws.region === 'eu-west-1');
    assert.throws(() => loadConfig({ LOGWARD_BLOB_STORE_URL: 's3://Bad_Bucket' }), /LOGWARD_BLOB_STORE_URL/);
    assert.throws(() => loadConfig({ LOGWARD_BLOB_STORE_URL: 'gs://bucket' }), /LOGWARD_BLOB_STORE_URL/);
    assert.throws(
      () => loadConfig({ LOGWARD_BLOB_STORE_URL: 's3://bucket', LOGWARD_BLOB_S3_PATH_STYLE: 'yes' }),
      /LOGWARD_BLOB_S3_PATH_STYLE/,
    );
    assert.throws(() => loadConfig({ LOGWARD_BLOB_MAX_MB: '0' }), /LOGWARD_BLOB_MAX_MB/);
  });

  it('judges the stores and the secret key together, naming both variables (issue 51)', () => {
    const pg = 'postgres://u@127.0.0.1/db';
    const ch = 'http://127.0.0.1:8123';
    const key = 'k'.repeat(32);
    assert.throws(
      () => loadConfig({ LOGWARD_CONTROL_PLANE_URL: pg, LOGWARD_SECRET_KEY: key }),
      (error: unknown) =>
        error instanceof ConfigError &&
        /LOGWARD_CONTROL_PLANE_URL is a PostgreSQL server .* but LOGWARD_LOG_STORE_URL is not set/.test(error.message),
    );
    assert.throws(
      () => loadConfig({ LOGWARD_CONTROL_PLANE_URL: pg, LOGWARD_LOG_STORE_URL: 'chdb:/tmp/x', LOGWARD_SECRET_KEY: key }),
      /LOGWARD_CONTROL_PLANE_URL .* LOGWARD_LOG_STORE_URL is embedded chDB/,
    );
    assert.throws(
      () => loadConfig({ LOGWARD_LOG_STORE_URL: ch }),
      /LOGWARD_LOG_STORE_URL is a ClickHouse server .* LOGWARD_CONTROL_PLANE_URL is a SQLite file/,
    );
    assert.throws(
      () => loadConfig({ LOGWARD_CONTROL_PLANE_URL: pg, LOGWARD_LOG_STORE_URL: ch, LOGWARD_ROLES: 'api,ingest' }),
      /LOGWARD_SECRET_KEY must be set with a PostgreSQL control plane for the api role/,
    );
    // The ingest role never reads endpoint secrets.
    assert.equal(loadConfig({ LOGWARD_CONTROL_PLANE_URL: pg, LOGWARD_LOG_STORE_URL: ch, LOGWARD_ROLES: 'ingest' }).secretKey, undefined);
    assert.equal(loadConfig({ LOGWARD_CONTROL_PLANE_URL: pg, LOGWARD_LOG_STORE_URL: ch, LOGWARD_SECRET_KEY: key }).singleNode, false);
    // The operator's word that there is one process, and the CLI, which runs no role.
    assert.equal(loadConfig({ LOGWARD_CONTROL_PLANE_URL: pg, LOGWARD_SINGLE_NODE: 'true' }).singleNode, true);
    assert.equal(loadConfig({ LOGWARD_CONTROL_PLANE_URL: pg }, { forRoles: false }).controlPlaneUrl, pg);
    assert.throws(() => loadConfig({ LOGWARD_SINGLE_NODE: 'yes' }), /LOGWARD_SINGLE_NODE must be true or false/);
  });

  it('takes a ClickHouse cluster name only with a ClickHouse server, naming both variables (issue 51, decision 0723)', () => {
    const pg = 'postgres://u@127.0.0.1/db';
    const ch = 'http://127.0.0.1:8123';
    const key = 'k'.repeat(32);
    const cluster = { LOGWARD_CONTROL_PLANE_URL: pg, LOGWARD_LOG_STORE_URL: ch, LOGWARD_SECRET_KEY: key };
    assert.equal(loadConfig(cluster).clickhouseCluster, undefined);
    assert.equal(loadConfig({ ...cluster, LOGWARD_CLICKHOUSE_CLUSTER: 'logs_cluster' }).clickhouseCluster, 'logs_cluster');
    // Refused even where LOGWARD_SINGLE_NODE allows an embedded store beside PostgreSQL: chDB has no cluster.
    assert.throws(
      () => loadConfig({ LOGWARD_CLICKHOUSE_CLUSTER: 'logs_cluster' }),
      /LOGWARD_CLICKHOUSE_CLUSTER names a ClickHouse cluster \(logs_cluster\) but LOGWARD_LOG_STORE_URL is not set/,
    );
    assert.throws(
      () => loadConfig({ LOGWARD_CLICKHOUSE_CLUSTER: 'c', LOGWARD_LOG_STORE_URL: 'chdb:/tmp/x', LOGWARD_SINGLE_NODE: 'true' }),
      /LOGWARD_CLICKHOUSE_CLUSTER .* LOGWARD_LOG_STORE_URL is embedded chDB/,
    );
    assert.throws(
      () => loadConfig({ ...cluster, LOGWARD_CLICKHOUSE_CLUSTER: 'c; DROP TABLE logs' }),
      /LOGWARD_CLICKHOUSE_CLUSTER must be a cluster name/,
    );
  });
});
