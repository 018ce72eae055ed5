import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { createManualClock, MS_PER_DAY } from '../../src/shared/clock.js';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { call } from '../support/control-plane-client.js';
import { startTestS3Server, type TestS3Server } from '../support/s3-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SETTINGS = '/v2/archive/settings';
const HOUR_MS = 3_600_000;

interface RestoreWire {
  id: number;
  accountId: number | null;
  status: string;
  restoredLogs: number;
}

// Logz.io archives the logs drop filters dropped with the account's other logs (decision 0705): the listener keeps
// them for an account with an enabled archive, the archive pass writes them beside the hour's logs, and a restore of
// the hour brings them back, searchable. They are never searchable in the account itself.
for (const backend of controlPlaneBackends) {
  describe(`archive of dropped logs (${backend.name})`, () => {
    // Mid-hour and near the real time (the engine's TTL reads the real clock), as in archive-restore.test.ts.
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
    const ship = async (logs: readonly Record<string, unknown>[]) => {
      const shipped = await t.listener.inject({
        method: 'POST',
        url: `/?token=${t.shippingToken}`,
        payload: logs.map((log) => JSON.stringify({ type: 'nginx', '@timestamp': new Date(clock.now()).toISOString(), ...log })).join('\n'),
        headers: { 'content-type': 'text/plain' },
      });
      assert.equal(shipped.statusCode, 200, shipped.body);
    };
    const settings = (enabled: boolean) => ({
      storageType: 'S3',
      enabled,
      compressed: true,
      amazonS3StorageSettings: {
        credentialsType: 'KEYS',
        path: `${s3.bucket}/archive`,
        s3SecretCredentials: { accessKey: s3.credentials.accessKeyId, secretKey: s3.credentials.secretAccessKey },
        endpoint: s3.endpoint,
      },
    });
    const spooled = () => t.app.controlPlane.db.selectFrom('archive_dropped_logs').select(['id', 'account_id']).execute();
    const search = async (query: string, accountId: number, dayOffset = 0) =>
      ok<{ hits: { total: number; hits: { _source: Record<string, unknown> }[] } }>(
        'POST',
        `/v1/search?accountIds=${accountId}&dayOffset=${dayOffset}`,
        { query: { query_string: { query } }, size: 100 },
      );
    const readObject = async (key: string) => {
      const object = await bucket.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
      return gunzipSync(await object.Body!.transformToByteArray())
        .toString('utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    };

    before(async () => {
      s3 = await startTestS3Server('dropped-archive-bucket');
      bucket = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { ...s3.credentials } });
      t = await startTestApp({ backend, clock, env: { LOGWARD_ROLES: 'api,ingest' } });
    });
    after(async () => {
      bucket.destroy();
      await t.close();
      await s3.close();
    });

    it('keeps dropped logs only while the account archives, writes them beside the hour, empties the spool, and restores them', async () => {
      const hourStart = Math.floor(clock.now() / HOUR_MS) * HOUR_MS;
      const filter = await ok<{ id: string }>('POST', '/v1/drop-filters', {
        logType: 'nginx',
        fieldConditions: [{ fieldName: 'path', value: '/health' }],
      });

      // No archive yet: a dropped log is kept nowhere.
      await ship([{ message: 'before the archive', path: '/health' }]);
      assert.deepEqual(await spooled(), []);

      await ok('POST', SETTINGS, settings(true));
      await ship([
        { message: 'GET /login', path: '/login', user: 'alice' },
        { message: 'GET /health', path: '/health', upstream: { ms: 3 } },
        { message: 'GET /login', path: '/login', user: 'bob' },
        { message: 'GET /health', path: '/health', upstream: { ms: 4 } },
      ]);
      // A request whose logs are all dropped keeps them too.
      await ship([{ message: 'GET /health alone', path: '/health' }]);
      const kept = await spooled();
      assert.equal(kept.length, 3);
      assert.ok(kept.every((row) => Number(row.account_id) === t.mainAccountId));

      // Still dropped: neither searchable nor counted (the filter counts them as dropped).
      const stored = await search('*', t.mainAccountId);
      assert.deepEqual(stored.hits.hits.map((hit) => hit._source['path']).sort(), ['/login', '/login']);
      const read = await ok<{ droppedLogs: number }[]>('POST', '/v1/drop-filters/search');
      assert.equal(read.find((entry) => (entry as unknown as { id: string }).id === filter.id)?.droppedLogs, 4);

      // The hour closes; the archive pass writes its logs and, beside them, its dropped logs, then empties the spool.
      clock.advance(HOUR_MS + 15 * 60_000);
      const report = await t.app.archive.archivePass.run();
      assert.equal(report.errors, 0);
      assert.equal(report.logs, 5);
      const prefix = `archive/${t.mainAccountId}/dt=${new Date(hourStart).toISOString().slice(0, 10)}/hour=${new Date(hourStart).toISOString().slice(11, 13)}/`;
      const keys = ((await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'archive/' }))).Contents ?? []).map(
        (entry) => entry.Key ?? '',
      );
      assert.equal(keys.length, 2, keys.join());
      const droppedKey = keys.find((key) => key.startsWith(`${prefix}dropped-`));
      assert.ok(droppedKey !== undefined && droppedKey.endsWith('.json.gz'), keys.join());
      assert.ok(keys.includes(`${prefix}logs-00000.json.gz`), keys.join());
      const dropped = await readObject(droppedKey);
      assert.deepEqual(dropped.map((log) => log['message']).sort(), ['GET /health', 'GET /health', 'GET /health alone']);
      // `_source` as search would have answered it: time, type, nested fields nested again.
      for (const log of dropped) {
        assert.equal(log['type'], 'nginx');
        assert.equal(typeof log['@timestamp'], 'string');
      }
      assert.deepEqual(dropped.map((log) => (log['upstream'] as { ms: number } | undefined)?.ms).sort(), [3, 4, undefined]);
      assert.deepEqual((await readObject(`${prefix}logs-00000.json.gz`)).map((log) => log['user']).sort(), ['alice', 'bob']);
      assert.deepEqual(await spooled(), [], 'what was archived left the spool');
      assert.equal((await t.app.archive.archivePass.run()).logs, 0, 'a second pass writes nothing again');

      // A dropped log that arrives late for an archived hour goes into that hour, beside what was written.
      await ship([{ message: 'late health', path: '/health', '@timestamp': new Date(hourStart + 60_000).toISOString() }]);
      assert.equal((await spooled()).length, 1);
      clock.advance(HOUR_MS);
      assert.equal((await t.app.archive.archivePass.run()).errors, 0);
      assert.deepEqual(await spooled(), []);
      const late = ((await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }))).Contents ?? [])
        .map((entry) => entry.Key ?? '')
        .filter((key) => key.includes('dropped-') && key !== droppedKey);
      assert.equal(late.length, 1);
      assert.deepEqual(
        (await readObject(late[0] ?? '')).map((log) => log['message']),
        ['late health'],
      );

      // A restore of the hour brings the archived logs back, dropped ones included, searchable in the restored account.
      const initiated = await ok<RestoreWire>('POST', '/archive/restore', {
        accountName: 'with-dropped',
        startTime: hourStart / 1000,
        endTime: (hourStart + HOUR_MS) / 1000,
      });
      assert.equal(await t.app.archive.restoreTasks.runDue(), 1);
      const active = await ok<RestoreWire>('GET', `/archive/restore/${initiated.id}`);
      assert.equal(active.status, 'ACTIVE');
      assert.equal(active.restoredLogs, 6);
      const restoredId = active.accountId ?? -1;
      const dayOffset = Math.floor((clock.now() - hourStart) / MS_PER_DAY);
      assert.equal((await search('*', restoredId, dayOffset)).hits.total, 6);
      assert.equal((await search('path:"/health"', restoredId, dayOffset)).hits.total, 4);
      assert.equal((await search('upstream.ms:4', restoredId, dayOffset)).hits.total, 1);
      assert.equal((await ok<RestoreWire>('DELETE', `/archive/restore/${initiated.id}`)).status, 'DELETED');
    });

    it('keeps nothing once the archive is disabled, and deleting the archive empties its spool', async () => {
      const [archive] = await ok<{ id: number }[]>('GET', SETTINGS);
      assert.ok(archive !== undefined);
      await ok('PUT', `${SETTINGS}/${archive.id}`, settings(false));
      await ship([{ message: 'while disabled', path: '/health' }]);
      assert.deepEqual(await spooled(), []);
      await ok('PUT', `${SETTINGS}/${archive.id}`, settings(true));
      await ship([{ message: 'enabled again', path: '/health' }]);
      assert.equal((await spooled()).length, 1);
      assert.equal((await api('DELETE', `${SETTINGS}/${archive.id}`)).statusCode, 200);
      assert.deepEqual(await spooled(), []);
      await ship([{ message: 'no archive', path: '/health' }]);
      assert.deepEqual(await spooled(), []);
    });
  });
}
