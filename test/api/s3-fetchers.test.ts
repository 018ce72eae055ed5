import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { composeApp, type App } from '../../src/app/compose.js';
import { createLogger } from '../../src/app/create-logger.js';
import { loadConfig } from '../../src/config/index.js';
import { openControlPlane } from '../../src/storage/control-plane/index.js';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { call } from '../support/control-plane-client.js';
import { shapeMismatches } from '../support/json-shape.js';
import { openLogReader } from '../support/log-reader.js';
import { startTestS3Server, type TestS3Server } from '../support/s3-server.js';
import { addAccount } from '../support/sub-accounts.js';
import { startTestApp, TEST_API_TOKEN, TEST_SHIPPING_TOKEN, type TestApp } from '../support/test-app.js';

const PATH = '/v1/log-shipping/s3-buckets';

interface FetcherWire {
  id: number;
  accessKey?: string;
  arn: string | null;
  bucket: string;
  prefix: string;
  active: boolean;
  addS3ObjectKeyAsLogField: boolean;
  region: string;
  logsType: string;
  endpoint?: string;
  lastFetchAt: number | null;
  lastError: string | null;
  lastErrorAt: number | null;
  objectsRead: number;
  logsRead: number;
}

/** The response of the Go client's own fixture (logzio_terraform_client s3_fetcher/testdata create_s3_fetcher_keys_res.json). */
const GO_CLIENT_RESPONSE = {
  id: 12345,
  accessKey: 'my_access_key',
  logsType: 'S3Access',
  bucket: 'my_bucket',
  prefix: 'AWSLogs/987654321/elasticloadbalancing/us-east-1/',
  active: true,
  region: 'US_EAST_1',
  arn: null,
  addS3ObjectKeyAsLogField: true,
};

function bucketWriter(s3: TestS3Server) {
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { ...s3.credentials },
  });
  return {
    put: async (key: string, body: string | Uint8Array) => {
      await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body }));
    },
    close: () => client.destroy(),
  };
}

/** What the Go client sends (S3FetcherRequest), pointed at the test's S3-compatible server. */
function fetcherRequest(s3: TestS3Server, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    accessKey: s3.credentials.accessKeyId,
    secretKey: s3.credentials.secretAccessKey,
    bucket: s3.bucket,
    prefix: 'app/',
    active: true,
    addS3ObjectKeyAsLogField: true,
    region: 'US_EAST_1',
    logsType: 'elb',
    endpoint: s3.endpoint,
    ...overrides,
  };
}

const lines = (prefix: string, count: number): string =>
  Array.from({ length: count }, (_, index) => `${prefix} line ${index}`).join('\n') + '\n';

for (const backend of controlPlaneBackends) {
  describe(`S3 fetchers ${PATH} (${backend.name})`, () => {
    let t: TestApp;
    let s3: TestS3Server;
    let bucket: ReturnType<typeof bucketWriter>;
    const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token?: string) =>
      call(t, method, url, token ?? t.apiToken, payload);
    const hits = async (query: string): Promise<Record<string, unknown>[]> => {
      const response = await api('POST', '/v1/search', { query: { query_string: { query } }, size: 1000 });
      assert.equal(response.statusCode, 200, response.body);
      return response.json<{ hits: { hits: { _source: Record<string, unknown> }[] } }>().hits.hits.map((hit) => hit._source);
    };
    const read = async (id: number): Promise<FetcherWire> => {
      const response = await api('GET', `${PATH}/${id}`);
      assert.equal(response.statusCode, 200, response.body);
      return response.json<FetcherWire>();
    };

    before(async () => {
      s3 = await startTestS3Server('logs-bucket');
      bucket = bucketWriter(s3);
      t = await startTestApp({ backend, env: { LOGWARD_ROLES: 'api,ingest' } });
    });
    after(async () => {
      bucket.close();
      await t.close();
      await s3.close();
    });

    it('creates, lists, gets, updates and deletes in the Go client shapes; keys are sealed and never answered', async () => {
      const request = fetcherRequest(s3, { logsType: 'S3Access', prefix: GO_CLIENT_RESPONSE.prefix, accessKey: 'AKIAEXAMPLEKEY1234' });
      const created = await api('POST', PATH, request);
      assert.equal(created.statusCode, 201, created.body);
      const body = created.json<FetcherWire>();
      assert.deepEqual(shapeMismatches(body, GO_CLIENT_RESPONSE), []);
      assert.ok(Number.isInteger(body.id) && body.id > 0);
      assert.deepEqual(
        {
          accessKey: body.accessKey,
          logsType: body.logsType,
          bucket: body.bucket,
          prefix: body.prefix,
          active: body.active,
          region: body.region,
          arn: body.arn,
          addS3ObjectKeyAsLogField: body.addS3ObjectKeyAsLogField,
          endpoint: body.endpoint,
          lastFetchAt: body.lastFetchAt,
          lastError: body.lastError,
          objectsRead: body.objectsRead,
          logsRead: body.logsRead,
        },
        {
          accessKey: '****1234',
          logsType: 'S3Access',
          bucket: 'logs-bucket',
          prefix: GO_CLIENT_RESPONSE.prefix,
          active: true,
          region: 'US_EAST_1',
          arn: null,
          addS3ObjectKeyAsLogField: true,
          endpoint: s3.endpoint,
          lastFetchAt: null,
          lastError: null,
          objectsRead: 0,
          logsRead: 0,
        },
      );
      assert.ok(!created.body.includes('AKIAEXAMPLEKEY1234') && !created.body.includes('secretKey'));
      const stored = await t.app.controlPlane.db.selectFrom('s3_fetchers').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
      assert.ok(!JSON.stringify(stored).includes('AKIAEXAMPLEKEY1234'), 'the access key is sealed');
      assert.ok(!JSON.stringify(stored).includes(`"${s3.credentials.secretAccessKey}"`), 'the secret key is sealed');

      const listed = await api('GET', PATH);
      assert.equal(listed.statusCode, 200, listed.body);
      assert.deepEqual(listed.json<FetcherWire[]>(), [body]);
      assert.deepEqual(await read(body.id), body);

      // The Go client resends the whole request; keys left out are kept.
      const { accessKey: _a, secretKey: _s, ...withoutKeys } = request;
      const updated = await api('PUT', `${PATH}/${body.id}`, {
        ...withoutKeys,
        active: false,
        prefix: 'other/',
        addS3ObjectKeyAsLogField: false,
      });
      assert.equal(updated.statusCode, 200, updated.body);
      assert.deepEqual(updated.json<FetcherWire>(), { ...body, active: false, prefix: 'other/', addS3ObjectKeyAsLogField: false });
      assert.deepEqual(await read(body.id), updated.json<FetcherWire>());

      const deleted = await api('DELETE', `${PATH}/${body.id}`);
      assert.equal(deleted.statusCode, 200, deleted.body);
      const gone = await api('GET', `${PATH}/${body.id}`);
      assert.equal(gone.statusCode, 404, gone.body);
      assert.equal(gone.json<{ errorCode: string }>().errorCode, 'log-shipping/BUCKET_FETCHER_NOT_FOUND');
      assert.equal((await api('DELETE', `${PATH}/${body.id}`)).statusCode, 404);
      assert.equal((await api('PUT', `${PATH}/${body.id}`, request)).statusCode, 404);
      assert.deepEqual((await api('GET', PATH)).json(), []);
    });

    it('refuses what the Go client refuses, and internal endpoints, with a clear 400', async () => {
      const bad: Record<string, unknown>[] = [
        fetcherRequest(s3, { accessKey: undefined, secretKey: undefined }),
        fetcherRequest(s3, { secretKey: undefined }),
        fetcherRequest(s3, { accessKey: '' }),
        fetcherRequest(s3, { region: 'us-east-1' }),
        fetcherRequest(s3, { logsType: 'syslog' }),
        fetcherRequest(s3, { active: undefined }),
        fetcherRequest(s3, { bucket: 'Bad_Bucket' }),
        fetcherRequest(s3, { endpoint: 'ftp://example.com' }),
        fetcherRequest(s3, { endpoint: 'http://169.254.169.254/' }),
        fetcherRequest(s3, { endpoint: 'http://10.1.2.3:9000' }),
      ];
      for (const payload of bad) {
        const response = await api('POST', PATH, JSON.parse(JSON.stringify(payload)) as unknown);
        assert.equal(response.statusCode, 400, `${JSON.stringify(payload)} → ${response.body}`);
        assert.match(response.json<{ message: string }>().message, /\S/);
      }
      for (const id of ['abc', '1.5', '99999999999']) assert.equal((await api('GET', `${PATH}/${id}`)).statusCode, 400, id);
      assert.equal((await api('GET', `${PATH}/4242`)).statusCode, 404);
      // An ARN fetcher is kept (the Go client sends one), and says why it reads nothing.
      const arn = await api(
        'POST',
        PATH,
        fetcherRequest(s3, { accessKey: undefined, secretKey: undefined, arn: 'arn:aws:iam::1:role/x', prefix: 'none/' }),
      );
      assert.equal(arn.statusCode, 201, arn.body);
      await t.app.s3Fetching.runCycle();
      const arnRead = await read(arn.json<FetcherWire>().id);
      assert.match(arnRead.lastError ?? '', /IAM role \(arn\) is not supported/);
      assert.equal((await api('DELETE', `${PATH}/${arnRead.id}`)).statusCode, 200);
    });

    it('reads objects once, through the listener path, searchable by type; new objects are picked up; a bad object is reported without stopping the others', async () => {
      await bucket.put('app/2026/12/07/a.log', lines('plain', 3));
      await bucket.put(
        'app/2026/12/07/b.json.gz',
        gzipSync('{"status":200,"message":"json one"}\n{"status":500,"message":"json two","type":"own"}\n'),
      );
      await bucket.put(
        'app/2026/12/07/c.json',
        JSON.stringify({ Records: [{ eventName: 'ConsoleLogin', eventSource: 'signin.amazonaws.com' }, { eventName: 'GetObject' }] }),
      );
      await bucket.put('outside/x.log', lines('outside', 2));
      const created = await api('POST', PATH, fetcherRequest(s3));
      assert.equal(created.statusCode, 201, created.body);
      const { id } = created.json<FetcherWire>();
      // The same write path as the listener: drop filters apply.
      const filter = await api('POST', '/v1/drop-filters', {
        logType: 'elb',
        fieldConditions: [{ fieldName: 'message', value: 'plain line 1' }],
      });
      assert.equal(filter.statusCode, 200, filter.body);

      const first = await t.app.s3Fetching.runCycle();
      assert.deepEqual({ objects: first.objects, logs: first.logs, errors: first.errors }, { objects: 3, logs: 7, errors: 0 });
      const stored = await hits('_exists_:s3_object_key');
      assert.equal(stored.length, 6, JSON.stringify(stored));
      // The fetcher's type is the type of logs without their own, as the listener's `type` parameter is.
      assert.equal((await hits('type:elb')).length, 5);
      assert.deepEqual(
        (await hits('type:own')).map((log) => log['message']),
        ['json two'],
      );
      assert.deepEqual(
        stored
          .map((log) => log['message'])
          .filter((message) => typeof message === 'string' && message.startsWith('plain'))
          .sort(),
        ['plain line 0', 'plain line 2'],
      );
      assert.ok(
        stored.every((log) => typeof log['s3_object_key'] === 'string' && (log['s3_object_key'] as string).startsWith('app/2026/12/07/')),
      );
      assert.equal((await hits('eventName:ConsoleLogin')).length, 1);
      assert.equal((await hits('status:500')).length, 1);
      assert.equal((await hits('outside')).length, 0);
      let status = await read(id);
      assert.equal(status.objectsRead, 3);
      assert.equal(status.logsRead, 7);
      assert.equal(status.lastError, null);
      assert.ok(typeof status.lastFetchAt === 'number');

      assert.equal((await t.app.s3Fetching.runCycle()).objects, 0, 'nothing is read twice');
      await bucket.put('app/2026/12/07/d.log', lines('later', 2));
      await bucket.put('app/2026/12/07/e.log.gz', Buffer.concat([gzipSync('x').subarray(0, 10), Buffer.from('garbage')]));
      await bucket.put('app/2026/12/07/f.log', lines('after bad', 1));
      const second = await t.app.s3Fetching.runCycle();
      assert.deepEqual({ objects: second.objects, logs: second.logs, errors: second.errors }, { objects: 2, logs: 3, errors: 1 });
      assert.equal((await hits('_exists_:s3_object_key')).length, 9);
      assert.equal((await hits('"after bad line 0"')).length, 1);
      status = await read(id);
      assert.match(status.lastError ?? '', /^app\/2026\/12\/07\/e\.log\.gz: object is not valid gzip/);
      assert.ok(typeof status.lastErrorAt === 'number');
      assert.equal(status.objectsRead, 5);
      assert.equal((await t.app.s3Fetching.runCycle()).objects, 0, 'the bad object is not retried');

      // An inactive fetcher reads nothing.
      assert.equal((await api('PUT', `${PATH}/${id}`, fetcherRequest(s3, { active: false }))).statusCode, 200);
      await bucket.put('app/2026/12/07/g.log', lines('inactive', 1));
      assert.equal((await t.app.s3Fetching.runCycle()).objects, 0);
      assert.equal((await api('DELETE', `${PATH}/${id}`)).statusCode, 200);
      assert.equal((await api('DELETE', `/v1/drop-filters/${filter.json<{ id: string }>().id}`)).statusCode, 200);
    });

    it("another account's fetcher answers 404 to every operation", async () => {
      const created = await api('POST', PATH, fetcherRequest(s3, { prefix: 'iso/' }));
      assert.equal(created.statusCode, 201, created.body);
      const { id } = created.json<FetcherWire>();
      const other = await addAccount(t, { ownerAccountId: null, searchable: true });
      assert.equal((await api('GET', `${PATH}/${id}`, undefined, other.apiToken)).statusCode, 404);
      assert.equal((await api('PUT', `${PATH}/${id}`, fetcherRequest(s3), other.apiToken)).statusCode, 404);
      assert.equal((await api('DELETE', `${PATH}/${id}`, undefined, other.apiToken)).statusCode, 404);
      assert.deepEqual((await api('GET', PATH, undefined, other.apiToken)).json(), []);
      assert.equal((await read(id)).prefix, 'iso/');
      assert.equal((await api('DELETE', `${PATH}/${id}`)).statusCode, 200);
    });
  });

  describe(`S3 fetchers across a restart (${backend.name})`, () => {
    it('a process stopped in the middle of a pass: the next one reads the rest, nothing lost or read twice', async () => {
      const s3 = await startTestS3Server('restart-bucket');
      const bucket = bucketWriter(s3);
      const opened = await backend.open();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-s3-restart-'));
      const config = loadConfig({
        LOGWARD_DATA_DIR: dataDir,
        LOGWARD_API_PORT: '0',
        LOGWARD_LISTENER_PORT: '0',
        LOGWARD_SYSLOG_TCP_PORT: '0',
        LOGWARD_SYSLOG_UDP_PORT: '0',
        LOGWARD_API_HOST: '127.0.0.1',
        LOGWARD_ROLES: 'api,ingest',
        LOGWARD_BOOTSTRAP_API_TOKEN: TEST_API_TOKEN,
        LOGWARD_BOOTSTRAP_SHIPPING_TOKEN: TEST_SHIPPING_TOKEN,
        LOGWARD_CONTROL_PLANE_URL: opened.url,
        LOGWARD_SINGLE_NODE: 'true',
        LOGWARD_OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8',
      });
      const compose = (controlPlane: typeof opened.controlPlane): Promise<App> =>
        composeApp({ config, clock: { now: () => Date.now() }, logger: createLogger('silent'), controlPlane });
      const OBJECTS = 12;
      const PER_OBJECT = 300;
      try {
        for (let index = 0; index < OBJECTS; index += 1) {
          await bucket.put(`app/${String(index).padStart(3, '0')}.log.gz`, gzipSync(lines(`object ${index}`, PER_OBJECT)));
        }
        const first = await compose(opened.controlPlane);
        if (!first.bootstrap.created) throw new Error('expected a fresh store');
        const accountId = first.bootstrap.account.id;
        const created = await first.api.inject({
          method: 'POST',
          url: PATH,
          headers: { 'x-api-token': TEST_API_TOKEN },
          payload: fetcherRequest(s3, { addS3ObjectKeyAsLogField: false }),
        });
        assert.equal(created.statusCode, 201, created.body);
        const { id } = created.json<FetcherWire>();
        // Stop the pass once some objects are recorded: as the scheduler's shutdown signal does.
        const controller = new AbortController();
        const readSoFar = async () =>
          Number(
            (await opened.controlPlane.db.selectFrom('s3_fetchers').select('objects_read').where('id', '=', id).executeTakeFirstOrThrow())
              .objects_read,
          );
        const pass = first.s3Fetching.runCycle(controller.signal);
        while ((await readSoFar()) < 2) await new Promise((resolve) => setTimeout(resolve, 2));
        controller.abort();
        const partial = await pass;
        await first.stop();
        assert.ok(partial.objects >= 2 && partial.objects < OBJECTS, `stopped in the middle (${partial.objects} of ${OBJECTS})`);

        await bucket.put('app/999-new.log', lines('new object', 5));
        const reopened = await openControlPlane(
          opened.url,
          opened.postgresSchema === undefined ? {} : { postgresSchema: opened.postgresSchema },
        );
        const second = await compose(reopened);
        const reader = openLogReader(config);
        try {
          const rest = await second.s3Fetching.runCycle();
          assert.equal(rest.objects, OBJECTS - partial.objects + 1);
          assert.equal((await second.s3Fetching.runCycle()).objects, 0);
          const logs = await reader.logs(accountId, "type = 'elb'");
          const messages = logs.map((log) => log.message);
          assert.equal(messages.length, OBJECTS * PER_OBJECT + 5);
          assert.equal(new Set(messages).size, messages.length, 'no log twice');
          const status = await second.api.inject({ method: 'GET', url: `${PATH}/${id}`, headers: { 'x-api-token': TEST_API_TOKEN } });
          assert.equal(status.json<FetcherWire>().objectsRead, OBJECTS + 1);
          assert.equal(status.json<FetcherWire>().logsRead, OBJECTS * PER_OBJECT + 5);
        } finally {
          reader.close();
          await second.stop();
        }
      } finally {
        bucket.close();
        await s3.close();
        await opened.dispose();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}

describe('S3 fetchers: outbound safety (decision 0350)', () => {
  it('without an allowed range, a loopback or private endpoint is refused at save', async () => {
    const [backend] = controlPlaneBackends;
    assert.ok(backend !== undefined);
    const t = await startTestApp({ backend, env: { LOGWARD_ROLES: 'api', LOGWARD_OUTBOUND_ALLOW_CIDRS: '' } });
    try {
      for (const endpoint of ['http://127.0.0.1:9000', 'http://localhost:9000', 'http://[::1]:9000', 'http://192.168.1.10']) {
        const response = await call(t, 'POST', PATH, t.apiToken, {
          accessKey: 'a',
          secretKey: 'b',
          bucket: 'some-bucket',
          active: true,
          region: 'US_EAST_1',
          logsType: 'elb',
          endpoint,
        });
        assert.equal(response.statusCode, 400, `${endpoint} → ${response.body}`);
        assert.match(response.body, /body\.endpoint/);
      }
    } finally {
      await t.close();
    }
  });
});
