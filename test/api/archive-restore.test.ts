import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { createManualClock, MS_PER_DAY } from '../../src/shared/clock.js';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { call } from '../support/control-plane-client.js';
import { shapeMismatches } from '../support/json-shape.js';
import { openLogReader } from '../support/log-reader.js';
import { readLogzioFixture } from '../support/logzio-fixtures.js';
import { startTestS3Server, type TestS3Server } from '../support/s3-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SETTINGS = '/v2/archive/settings';
const HOUR_MS = 3_600_000;

interface ArchiveWire {
  id: number;
  settings: {
    storageType: string;
    enabled: boolean;
    compressed: boolean;
    amazonS3StorageSettings: {
      credentialsType: string;
      path: string;
      s3SecretCredentials: { accessKey: string; secretKey: string } | null;
      s3IamCredentials: { arn: string; externalId: string | null } | null;
      endpoint: string | null;
    } | null;
    azureBlobStorageSettings: null;
    directoryStorageSettings: { path: string } | null;
  };
  archiveStatus: { archivedThrough: number; lastError: string | null };
}

interface RestoreWire {
  id: number;
  accountId: number | null;
  accountName: string;
  restoredVolumeGb: number | null;
  status: string;
  startTime: number;
  endTime: number;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  expiresAt: number | null;
  restoredLogs: number;
}

const fixture = (area: string, file: string) => readLogzioFixture(area, file);

function s3Settings(s3: TestS3Server, overrides: Record<string, unknown> = {}) {
  return {
    storageType: 'S3',
    enabled: true,
    compressed: true,
    amazonS3StorageSettings: {
      credentialsType: 'KEYS',
      path: `${s3.bucket}/archive`,
      s3SecretCredentials: { accessKey: s3.credentials.accessKeyId, secretKey: s3.credentials.secretAccessKey },
      endpoint: s3.endpoint,
      ...overrides,
    },
  };
}

for (const backend of controlPlaneBackends) {
  describe(`archive and restore (${backend.name})`, () => {
    // Mid-hour, so the logs shipped now fall in one hour that closes an hour later; near the real time, because the
    // engine's TTL reads the real clock (a clock a month back would let a merge drop the logs at any moment).
    const clock = createManualClock(Math.floor(Date.now() / HOUR_MS) * HOUR_MS - HOUR_MS + 5 * 60_000);
    let t: TestApp;
    let s3: TestS3Server;
    let bucket: S3Client;
    const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => call(t, method, url, t.apiToken, payload);
    const ok = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<T> => {
      const response = await api(method, url, payload);
      assert.equal(response.statusCode, 200, `${method} ${url}: ${response.body}`);
      return response.json<T>();
    };
    const refused = async (method: 'POST' | 'PUT', url: string, payload: unknown, status: number, pattern: RegExp) => {
      const response = await api(method, url, payload);
      assert.equal(response.statusCode, status, response.body);
      assert.match(response.body, pattern);
    };

    before(async () => {
      s3 = await startTestS3Server('archive-bucket');
      bucket = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { ...s3.credentials } });
      t = await startTestApp({ backend, clock, env: { LOGWARD_ROLES: 'api,ingest' } });
    });
    after(async () => {
      bucket.destroy();
      await t.close();
      await s3.close();
    });

    it('sets up, lists, gets, updates, tests and deletes archive settings in the fixture shapes, credentials masked', async () => {
      const created = await ok<ArchiveWire>('POST', SETTINGS, s3Settings(s3));
      assert.deepEqual(shapeMismatches(created, fixture('archive_logs', 'setup_archive_s3_keys.json')), []);
      assert.equal(created.settings.storageType, 'S3');
      assert.equal(created.settings.enabled, true);
      assert.equal(created.settings.compressed, true);
      assert.equal(created.settings.azureBlobStorageSettings, null);
      assert.equal(created.settings.amazonS3StorageSettings?.credentialsType, 'KEYS');
      assert.equal(created.settings.amazonS3StorageSettings?.path, `${s3.bucket}/archive`);
      assert.equal(created.settings.amazonS3StorageSettings?.s3IamCredentials, null);
      assert.deepEqual(created.settings.amazonS3StorageSettings?.s3SecretCredentials, { accessKey: '****RVER', secretKey: '****' });
      assert.ok(!JSON.stringify(created).includes('S3RVER'), 'keys are never answered');

      const listed = await ok<ArchiveWire[]>('GET', SETTINGS);
      assert.deepEqual(shapeMismatches(listed, fixture('archive_logs', 'list_archives.json')), []);
      assert.deepEqual(
        listed.map((archive) => archive.id),
        [created.id],
      );
      // get_archive.json is an Azure archive, which Logward refuses: the S3 one of the list stands for its shape.
      const [listedShape] = fixture('archive_logs', 'list_archives.json') as unknown[];
      assert.deepEqual(shapeMismatches(await ok('GET', `${SETTINGS}/${created.id}`), listedShape), []);
      await refused('POST', SETTINGS, s3Settings(s3), 409, /already has archive settings/);

      // An update that leaves the keys out keeps them; a new path moves where the next hours go.
      const updated = await ok<ArchiveWire>('PUT', `${SETTINGS}/${created.id}`, {
        ...s3Settings(s3, { path: `${s3.bucket}/moved`, s3SecretCredentials: undefined }),
        compressed: false,
      });
      assert.deepEqual(shapeMismatches(updated, fixture('archive_logs', 'update_archive_s3.json')), []);
      assert.equal(updated.settings.amazonS3StorageSettings?.path, `${s3.bucket}/moved`);
      assert.equal(updated.settings.compressed, false);
      assert.deepEqual(updated.settings.amazonS3StorageSettings?.s3SecretCredentials, { accessKey: '****RVER', secretKey: '****' });

      // test writes, reads back and deletes a probe: nothing is left behind.
      assert.deepEqual(await ok('POST', `${SETTINGS}/test`, { id: created.id }), {});
      assert.deepEqual(await ok('POST', `${SETTINGS}/test`, { archiveSettings: s3Settings(s3) }), {});
      const left = await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
      assert.deepEqual(left.Contents ?? [], []);
      await refused(
        'POST',
        `${SETTINGS}/test`,
        { archiveSettings: s3Settings(s3, { s3SecretCredentials: { accessKey: 'WRONG', secretKey: 'WRONG' } }) },
        400,
        /Archive settings test failed/,
      );
      await refused('POST', `${SETTINGS}/test`, { archiveSettings: s3Settings(s3, { path: 'no-such-bucket' }) }, 400, /test failed/);

      // Refused settings: Azure, internal endpoints, a path that is not a bucket, a directory outside the root.
      await refused(
        'PUT',
        `${SETTINGS}/${created.id}`,
        { storageType: 'BLOB', azureBlobStorageSettings: { tenantId: 'x' } },
        400,
        /not supported/,
      );
      await refused('PUT', `${SETTINGS}/${created.id}`, s3Settings(s3, { endpoint: 'http://169.254.169.254' }), 400, /endpoint/);
      await refused('PUT', `${SETTINGS}/${created.id}`, s3Settings(s3, { path: 'Not_A_Bucket' }), 400, /bucket name/);
      for (const bad of ['../escape', '/etc', 'a/../../b', 'a//b', '.hidden']) {
        await refused(
          'PUT',
          `${SETTINGS}/${created.id}`,
          { storageType: 'DIRECTORY', directoryStorageSettings: { path: bad } },
          400,
          /archive root/,
        );
      }
      const missing = await api('GET', `${SETTINGS}/1234`);
      assert.equal(missing.statusCode, 404);
      assert.match(missing.body, /archive id 1234 not found/);

      // IAM credentials are kept and answered (Logward itself writes with keys only: the test says so).
      const iam = await ok<ArchiveWire>('PUT', `${SETTINGS}/${created.id}`, {
        storageType: 'S3',
        amazonS3StorageSettings: { credentialsType: 'IAM', path: s3.bucket, s3IamCredentials: { arn: 'arn:aws:iam::1:role/x' } },
      });
      assert.deepEqual(shapeMismatches(iam, fixture('archive_logs', 'setup_archive_s3_iam.json')), []);
      await refused('POST', `${SETTINGS}/test`, { id: created.id }, 400, /access keys only/);

      // A directory archive stays under LOGWARD_ARCHIVE_DIR.
      const directory = await ok<ArchiveWire>('PUT', `${SETTINGS}/${created.id}`, {
        storageType: 'DIRECTORY',
        directoryStorageSettings: { path: 'team-a/logs' },
      });
      assert.deepEqual(directory.settings.directoryStorageSettings, { path: 'team-a/logs' });
      assert.deepEqual(await ok('POST', `${SETTINGS}/test`, {}), {});
      assert.ok(fs.existsSync(path.join(t.config.archiveDir, 'team-a', 'logs')));

      assert.equal((await api('DELETE', `${SETTINGS}/${created.id}`)).statusCode, 200);
      assert.equal((await api('GET', `${SETTINGS}/${created.id}`)).statusCode, 404);
      assert.equal((await api('DELETE', `${SETTINGS}/${created.id}`)).statusCode, 404);
      assert.deepEqual(await ok('GET', SETTINGS), []);
    });

    it('archives each closed hour before retention deletes it, and restores it into a searchable account deleted with the restore', async () => {
      const archive = await ok<ArchiveWire>('POST', SETTINGS, s3Settings(s3));
      const hourStart = Math.floor(clock.now() / HOUR_MS) * HOUR_MS;
      const lines = ['alice', 'bob', 'carol'].map((user, index) =>
        JSON.stringify({
          message: `archived login ${index}`,
          user,
          type: 'auth',
          '@timestamp': new Date(clock.now() + index).toISOString(),
        }),
      );
      const shipped = await t.listener.inject({
        method: 'POST',
        url: `/?token=${t.shippingToken}`,
        payload: lines.join('\n'),
        headers: { 'content-type': 'text/plain' },
      });
      assert.equal(shipped.statusCode, 200, shipped.body);

      // The hour closes; the retention job archives it first.
      clock.advance(HOUR_MS + 15 * 60_000);
      await t.app.retentionJob.run(new AbortController().signal);
      const day = new Date(hourStart).toISOString().slice(0, 10);
      const hour = new Date(hourStart).toISOString().slice(11, 13);
      const key = `archive/${t.mainAccountId}/dt=${day}/hour=${hour}/logs-00000.json.gz`;
      const written = await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'archive/' }));
      assert.deepEqual(
        (written.Contents ?? []).map((entry) => entry.Key),
        [key],
        JSON.stringify((await ok<ArchiveWire>('GET', `${SETTINGS}/${archive.id}`)).archiveStatus),
      );
      const object = await bucket.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
      const archived = gunzipSync(await object.Body!.transformToByteArray())
        .toString('utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      assert.deepEqual(archived.map((log) => log['user']).sort(), ['alice', 'bob', 'carol']);
      const status = (await ok<ArchiveWire>('GET', `${SETTINGS}/${archive.id}`)).archiveStatus;
      assert.equal(status.archivedThrough, hourStart + HOUR_MS);
      assert.equal(status.lastError, null);

      // 31 days on, retention (30 days) has deleted them from the account.
      clock.advance(31 * MS_PER_DAY);
      await t.app.retentionJob.run(new AbortController().signal);
      const reader = openLogReader(t.config);
      try {
        assert.equal((await reader.logs(t.mainAccountId, "JSONExtractString(source, 'user') != ''")).length, 0);

        const initiated = await ok<RestoreWire>('POST', '/archive/restore', {
          accountName: 'incident-restore',
          username: 'admin@example.com',
          startTime: hourStart / 1000,
          endTime: (hourStart + HOUR_MS) / 1000,
        });
        assert.deepEqual(shapeMismatches(initiated, fixture('restore_logs', 'initiate_restore.json')), []);
        assert.equal(initiated.status, 'IN_PROGRESS');
        assert.equal(initiated.accountId, null);
        assert.equal(initiated.startTime, hourStart / 1000);
        assert.equal(initiated.restoredVolumeGb, null);
        await refused(
          'POST',
          '/archive/restore',
          { accountName: 'second', startTime: hourStart / 1000, endTime: (hourStart + HOUR_MS) / 1000 },
          409,
          /already in progress/,
        );

        assert.equal(await t.app.archive.restoreTasks.runDue(), 1);
        const active = await ok<RestoreWire>('GET', `/archive/restore/${initiated.id}`);
        assert.deepEqual(shapeMismatches(active, fixture('restore_logs', 'get_restore.json')), []);
        assert.equal(active.status, 'ACTIVE');
        assert.equal(active.restoredLogs, 3);
        assert.ok(active.accountId !== null && active.finishedAt !== null && active.expiresAt !== null);
        assert.equal(active.expiresAt - active.finishedAt, 5 * 86_400);
        assert.deepEqual(shapeMismatches(await ok('GET', '/archive/restore'), fixture('restore_logs', 'list_restore.json')), []);
        assert.deepEqual(await ok('GET', `/v2/archive/restore/${initiated.id}`), active);

        // Searched from the main account like any searchable sub account: hits, totals, and a field query.
        const restoredId = active.accountId;
        const subAccounts = await ok<{ accountId: number; accountName: string }[]>('GET', '/v1/account-management/time-based-accounts');
        assert.ok(subAccounts.some((account) => account.accountId === restoredId && account.accountName === 'incident-restore'));
        const dayOffset = Math.floor((clock.now() - hourStart) / MS_PER_DAY);
        const search = async (query: string) =>
          ok<{ hits: { total: number; hits: { _source: Record<string, unknown> }[] } }>(
            'POST',
            `/v1/search?accountIds=${restoredId}&dayOffset=${dayOffset}`,
            {
              query: { query_string: { query } },
              size: 100,
            },
          );
        const all = await search('*');
        assert.equal(all.hits.total, 3);
        assert.deepEqual(all.hits.hits.map((hit) => hit._source['user']).sort(), ['alice', 'bob', 'carol']);
        assert.equal((await search('user:bob')).hits.total, 1);
        assert.equal((await search('archived AND login')).hits.total, 3);

        const deleted = await ok<RestoreWire>('DELETE', `/archive/restore/${initiated.id}`);
        assert.equal(deleted.status, 'DELETED');
        assert.equal(deleted.accountId, null);
        assert.deepEqual(shapeMismatches(deleted, fixture('restore_logs', 'delete_restore.json')), []);
        assert.equal((await reader.logs(restoredId)).length, 0, 'the restored logs went with the account');
        const gone = await api('POST', `/v1/search?accountIds=${restoredId}`, { query: { match_all: {} } });
        assert.notEqual(gone.statusCode, 200);
      } finally {
        reader.close();
      }

      // A restore deleted before it ran ends ABORTED and never makes its account.
      const aborted = await ok<RestoreWire>('POST', '/v2/archive/restore', {
        accountName: 'never-run',
        startTime: hourStart / 1000,
        endTime: (hourStart + HOUR_MS) / 1000,
      });
      const abortedNow = await ok<RestoreWire>('DELETE', `/v2/archive/restore/${aborted.id}`);
      assert.equal(abortedNow.status, 'ABORTED');
      await t.app.archive.restoreTasks.runDue();
      const after = await ok<RestoreWire>('GET', `/archive/restore/${aborted.id}`);
      assert.equal(after.status, 'ABORTED');
      assert.equal(after.accountId, null);
      const missing = await api('GET', '/archive/restore/1234');
      assert.equal(missing.statusCode, 404);
      assert.match(missing.body, /restore id 1234 not found/);
    });

    it('refuses restore bodies it cannot run, with 4xx', async () => {
      const now = clock.now() / 1000;
      for (const [body, status] of [
        [{ accountName: 'x', startTime: now, endTime: now - 10 }, 400],
        [{ accountName: 'x', startTime: now - 30 * 86_400, endTime: now }, 400],
        [{ accountName: '   ', startTime: now - 60, endTime: now }, 400],
        [{ accountName: 'x', startTime: 'yesterday', endTime: now }, 400],
        [{ startTime: now - 60, endTime: now }, 400],
      ] as const) {
        const response = await api('POST', '/archive/restore', body);
        assert.equal(response.statusCode, status, `${JSON.stringify(body)}: ${response.body}`);
      }
    });
  });
}
