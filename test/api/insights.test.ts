/**
 * Insights end to end on a real server over real stores, with an injected clock: recurring warning and error
 * templates become LOGCEPTION insights, known errors PUBLIC_CI insights; `POST /v1/insights/list` with every request
 * field; learned templates survive a restart; accounts see only their own insights.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createInsightLearning, LOOK_BACK_MS, PUBLIC_CI_CATALOG } from '../../src/modules/insights/index.js';
import { createLogger } from '../../src/app/create-logger.js';
import { waitFor } from '../support/child-process.js';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { shipLogs } from '../support/ship-logs.js';
import { addAccount, type TestAccount } from '../support/sub-accounts.js';
import { createManualClock, startTestApp, type TestApp } from '../support/test-app.js';

interface Insight {
  insightId: string;
  insightType: 'PUBLIC_CI' | 'LOGCEPTION';
  tagName: string;
  description: string;
  links: string;
  additionalData: Record<string, Record<string, unknown>>;
  firstOccurrence: number;
  lastOccurrence: number;
  count: number;
  logTypes: string[];
  kibanaLink: string;
  insightTitle: string;
}
interface Page {
  pageSize: number;
  from: number;
  total: number;
  results: Insight[];
}

const MINUTE = 60_000;
const START = Math.floor(Date.now() / MINUTE) * MINUTE;

for (const backend of controlPlaneBackends)
  describe(`insights (${backend.name})`, () => {
    const clock = createManualClock(START);
    let t: TestApp;
    let listenerUrl = '';
    let other: TestAccount;
    const list = async (body: object, token = t.apiToken): Promise<Page> => {
      const response = await t.api.inject({ method: 'POST', url: '/v1/insights/list', headers: { 'x-api-token': token }, payload: body });
      assert.equal(response.statusCode, 200, response.body);
      return response.json<Page>();
    };
    const titles = (page: Page) => page.results.map((insight) => insight.insightTitle);
    const stamp = (offsetMs: number) => new Date(START + offsetMs).toISOString();
    const count = async (token: string, query: string) =>
      (
        await t.api.inject({
          method: 'POST',
          url: '/v1/search',
          headers: { 'x-api-token': token },
          payload: { query: { query_string: { query } }, size: 0 },
        })
      ).json<{ hits: { total: number } }>().hits.total;

    before(async () => {
      t = await startTestApp({ backend, clock, env: { LOGWARD_ROLES: 'api,ingest' } });
      ({ listenerUrl } = await t.listen());
      await t.app.featureGrants.grant(t.mainAccountId, 'insights');
      other = await addAccount(t, { ownerAccountId: null, searchable: true });
      await t.app.featureGrants.grant(other.id, 'insights');
      const hosts = ['db-1', 'db-2', 'db-7', 'db-9', 'db-3'];
      await shipLogs(
        listenerUrl,
        t.shippingToken,
        'app',
        hosts.map((host, i) => ({
          '@timestamp': stamp(-10 * MINUTE + i * 1000),
          level: 'ERROR',
          message: `Connection to ${host} failed after ${100 + i} retries`,
        })),
      );
      await shipLogs(listenerUrl, t.shippingToken, 'worker', [
        { '@timestamp': stamp(-9 * MINUTE), level: 'error', message: 'Connection to db-4 failed after 7 retries' },
        { '@timestamp': stamp(-8 * MINUTE), level: 'warn', message: 'Queue orders is 91 percent full' },
        { '@timestamp': stamp(-8 * MINUTE + 1000), level: 'warn', message: 'Queue billing is 95 percent full' },
        ...Array.from({ length: 6 }, (_, i) => ({
          '@timestamp': stamp(-7 * MINUTE + i),
          level: 'info',
          message: `Served request ${i} in 3 ms`,
        })),
      ]);
      await shipLogs(
        listenerUrl,
        t.shippingToken,
        'syslog',
        [11, 12, 13, 14].map((n) => ({
          '@timestamp': stamp(-5 * MINUTE + n * 1000),
          level: 'warning',
          message: `Failed password for root from 10.0.0.${n} port 22 ssh2`,
        })),
      );
      await shipLogs(listenerUrl, other.shippingToken, 'app', [
        ...Array.from({ length: 4 }, (_, i) => ({ '@timestamp': stamp(-4 * MINUTE + i), level: 'error', message: `Disk ${i} is failing` })),
      ]);
      await waitFor(async () => ((await count(t.apiToken, '*')) === 18 ? true : undefined), 30_000, "the main account's logs");
      await waitFor(async () => ((await count(other.apiToken, '*')) === 4 ? true : undefined), 30_000, "the other account's logs");
      clock.advance(MINUTE);
      const report = await t.app.insightLearning.runCycle();
      assert.equal(report.accounts, 2);
      assert.equal(report.logs, 12 + 4, 'warnings and errors only');
    });
    after(async () => t.close());

    it('turns a recurring error template into a LOGCEPTION insight with title, link, samples, times, count and log types', async () => {
      const page = await list({ insightTypes: ['LOGCEPTION'] });
      assert.deepEqual(titles(page), ['Connection to db-<*> failed after <*> retries']);
      const [insight] = page.results;
      assert.ok(insight);
      assert.equal(insight.insightType, 'LOGCEPTION');
      assert.equal(insight.tagName, 'error');
      assert.equal(insight.count, 6);
      assert.deepEqual(insight.logTypes, ['app', 'worker']);
      assert.equal(insight.firstOccurrence, START - 10 * MINUTE);
      assert.equal(insight.lastOccurrence, START - 9 * MINUTE);
      assert.equal(insight.links, '');
      assert.match(insight.kibanaLink, /^\/app\/discover#\/\?_g=/);
      const query = decodeURIComponent(insight.kibanaLink);
      assert.match(query, /query:'message:"Connection to" AND message:"failed after" AND message:"retries"'/);
      assert.deepEqual(insight.additionalData.variable1, { position: 2, samples: ['db-1', 'db-2', 'db-7', 'db-9', 'db-3'] });
      assert.deepEqual(insight.additionalData.variable2?.position, 5);
      // The Discover query finds exactly the insight's logs.
      assert.equal(await count(t.apiToken, 'message:"Connection to" AND message:"failed after" AND message:"retries"'), 6);
    });

    it('makes a known error a PUBLIC_CI insight with its tag, description and cited links', async () => {
      const page = await list({ insightTypes: ['PUBLIC_CI'] });
      assert.equal(page.total, 1);
      const [insight] = page.results;
      const signature = PUBLIC_CI_CATALOG.find((s) => s.id === 'ssh-failed-password');
      assert.ok(insight && signature);
      assert.equal(insight.insightId, 'P-ssh-failed-password');
      assert.equal(insight.tagName, 'ssh');
      assert.equal(insight.insightTitle, signature.title);
      assert.equal(insight.description, signature.description);
      assert.equal(insight.links, signature.links.join(' '));
      assert.equal(insight.count, 4);
      assert.deepEqual(insight.logTypes, ['syslog']);
      assert.match(String(insight.additionalData.sample?.message), /^Failed password for root from 10\.0\.0\.\d+ port 22 ssh2$/);
    });

    it('lists templates seen fewer than 3 times nowhere, and defaults to the last 15 minutes, size 10, COUNT descending', async () => {
      const page = await list({});
      assert.deepEqual({ ...page, results: [] }, { pageSize: 10, from: 0, total: 2, results: [] });
      assert.deepEqual(
        page.results.map((insight) => [insight.insightId.slice(0, 2), insight.count]),
        [
          ['L-', 6],
          ['P-', 4],
        ],
      );
      assert.ok(!titles(page).some((title) => title.startsWith('Queue')), 'seen twice: not yet recurring');
      assert.ok(!titles(page).some((title) => title.startsWith('Failed password')), 'a known error is listed once, as PUBLIC_CI');
    });

    it('filters by tag, log type, title search and window; pages with from and size', async () => {
      assert.deepEqual(titles(await list({ tagNames: ['SSH'] })), [PUBLIC_CI_CATALOG.find((s) => s.id === 'ssh-failed-password')!.title]);
      assert.equal((await list({ tagNames: ['database'] })).total, 0);
      assert.equal((await list({ logTypes: ['worker'] })).total, 1);
      assert.equal((await list({ logTypes: ['syslog', 'worker', 'nothing'] })).total, 2, 'any of the log types');
      assert.deepEqual(titles(await list({ search: 'CONNECTION TO' })), ['Connection to db-<*> failed after <*> retries']);
      assert.equal((await list({ search: 'no such title' })).total, 0);
      assert.equal((await list({ startDate: START - 3 * MINUTE })).total, 0, 'nothing occurred in the last 3 minutes');
      assert.equal((await list({ startDate: START - 6 * MINUTE, endDate: START - 4 * MINUTE })).total, 1);
      assert.equal((await list({ endDate: START - 11 * MINUTE, startDate: START - 20 * MINUTE })).total, 0);
      const second = await list({ size: 1, from: 1 });
      assert.deepEqual({ pageSize: second.pageSize, from: second.from, total: second.total }, { pageSize: 1, from: 1, total: 2 });
      assert.equal(second.results[0]?.insightType, 'PUBLIC_CI');
      assert.deepEqual((await list({ from: 5 })).results, []);
    });

    it('sorts by each key, both ways', async () => {
      const ids = async (body: object) => (await list(body)).results.map((insight) => insight.insightType);
      assert.deepEqual(await ids({ sortBy: 'COUNT', asc: true }), ['PUBLIC_CI', 'LOGCEPTION']);
      assert.deepEqual(await ids({ sortBy: 'FIRST_OCCURRENCE' }), ['PUBLIC_CI', 'LOGCEPTION']);
      assert.deepEqual(await ids({ sortBy: 'FIRST_OCCURRENCE', asc: true }), ['LOGCEPTION', 'PUBLIC_CI']);
      assert.deepEqual(await ids({ sortBy: 'LAST_OCCURRENCE', asc: false }), ['PUBLIC_CI', 'LOGCEPTION']);
      assert.deepEqual(await ids({ sortBy: 'LAST_OCCURRENCE', asc: true }), ['LOGCEPTION', 'PUBLIC_CI']);
    });

    it('takes no body at all as all defaults', async () => {
      const response = await t.api.inject({ method: 'POST', url: '/v1/insights/list', headers: { 'x-api-token': t.apiToken } });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.json<Page>().total, (await list({})).total);
    });

    it('answers 400 to bad values', async () => {
      for (const body of [
        { size: 0 },
        { size: 101 },
        { from: -1 },
        { sortBy: 'NAME' },
        { insightTypes: ['OTHER'] },
        { startDate: 'yesterday' },
        { onlyNew: 'yes' },
        { asc: 1 },
        { tagNames: 'ssh' },
        { startDate: START, endDate: START - 1 },
        { startDate: START + 10 * MINUTE },
      ]) {
        const response = await t.api.inject({
          method: 'POST',
          url: '/v1/insights/list',
          headers: { 'x-api-token': t.apiToken },
          payload: body,
        });
        assert.equal(response.statusCode, 400, `${JSON.stringify(body)}: ${response.body}`);
      }
    });

    it('shows an account only its own insights', async () => {
      const page = await list({ startDate: START - 20 * MINUTE }, other.apiToken);
      assert.deepEqual(titles(page), ['Disk <*> is failing']);
      assert.ok(!titles(await list({ startDate: START - 20 * MINUTE })).includes('Disk <*> is failing'));
    });

    it('keeps learning: new occurrences add to the count, a new template is new (onlyNew)', async () => {
      await shipLogs(listenerUrl, t.shippingToken, 'app', [
        { '@timestamp': stamp(30_000), level: 'ERROR', message: 'Connection to db-5 failed after 3 retries' },
        ...[1, 2, 3].map((shard) => ({
          '@timestamp': stamp(31_000 + shard),
          level: 'error',
          message: `Cache shard ${shard} evicted 4${shard} keys`,
        })),
      ]);
      await waitFor(async () => ((await count(t.apiToken, '*')) === 22 ? true : undefined), 30_000, 'the new logs');
      clock.advance(MINUTE);
      await t.app.insightLearning.runCycle();
      const all = await list({ startDate: START - 20 * MINUTE });
      assert.equal(all.results.find((insight) => insight.insightTitle.startsWith('Connection to'))?.count, 7);
      const fresh = await list({ startDate: START, onlyNew: true });
      assert.deepEqual(titles(fresh), ['Cache shard <*> evicted <*> keys']);
    });

    it('keeps the learned templates across a restart: a new learner over the same store labels with them', async () => {
      const before = (await list({ startDate: START - 20 * MINUTE })).results.find((insight) =>
        insight.insightTitle.startsWith('Connection to'),
      );
      assert.ok(before);
      const restarted = createInsightLearning({
        db: t.app.controlPlane.db,
        clock,
        logger: createLogger('silent'),
        accountIds: async () => [t.mainAccountId],
        catalog: PUBLIC_CI_CATALOG,
        // One new message, read as a restarted process would read it from the store.
        readWarnings: async ({ cursor }) =>
          cursor === null
            ? {
                logs: [
                  { timestampMs: clock.now() - 40_000, type: 'app', level: 'error', message: 'Connection to db-8 failed after 1 retries' },
                ],
                cursor: { values: [clock.now() - 40_000], id: 'x' },
                fetched: 1,
              }
            : { logs: [], cursor: null, fetched: 0 },
      });
      clock.advance(MINUTE);
      await restarted.runCycle();
      const after = (await list({ startDate: START - 20 * MINUTE })).results.find((insight) =>
        insight.insightTitle.startsWith('Connection to'),
      );
      assert.equal(after?.insightId, before.insightId, 'the same template, not a new one');
      assert.equal(after?.count, before.count + 1);
    });

    it('forgets insights not seen for 6 months, and clamps an older startDate to the look-back', async () => {
      assert.equal((await list({ startDate: 0 })).total, (await list({ startDate: START - 20 * MINUTE })).total);
      clock.advance(LOOK_BACK_MS + MINUTE);
      await t.app.insightLearning.runCycle();
      assert.equal((await list({ startDate: 0, endDate: clock.now() })).total, 0);
      const stored = await t.app.controlPlane.db
        .selectFrom('insights')
        .select('insight_id')
        .where('account_id', '=', t.mainAccountId)
        .execute();
      assert.deepEqual(stored, []);
    });
  });
