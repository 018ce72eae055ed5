import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { shipLogs } from '../support/ship-logs.js';
import { createManualClock, startTestApp, type TestApp } from '../support/test-app.js';

const MINUTE = 60_000;
const T0 = Math.floor(Date.now() / MINUTE) * MINUTE - 30 * MINUTE;

interface Hits {
  hits: { total: number; hits: { _source: { client_ip?: string; user?: string } }[] };
}

for (const backend of controlPlaneBackends) {
  describe(`lookup lists inside searches and alerts (${backend.name})`, () => {
    const clock = createManualClock(T0 + 1_000);
    let t: TestApp;
    let listId = '';

    const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
      t.api.inject({
        method,
        url,
        headers: { 'x-api-token': t.apiToken },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const ips = async (query: unknown): Promise<string[]> => {
      const response = await call('POST', '/v1/search', { query, size: 100 });
      assert.equal(response.statusCode, 200, response.body);
      return response
        .json<Hits>()
        .hits.hits.map((hit) => hit._source.client_ip ?? '')
        .sort();
    };
    const addElement = async (value: string, expirationDate?: number) => {
      const response = await call('POST', `/v1/lookup-lists/${listId}/elements`, {
        value,
        ...(expirationDate === undefined ? {} : { expirationDate }),
      });
      assert.equal(response.statusCode, 200, response.body);
      return response.json<{ id: number }>();
    };
    const at = (offsetMs: number, log: Record<string, unknown>) => ({ '@timestamp': new Date(T0 + offsetMs).toISOString(), ...log });

    before(async () => {
      t = await startTestApp({ backend, clock, env: { LOGWARD_ROLES: 'api,ingest' }, compose: { alertSettleDelayMs: 0 } });
      const { listenerUrl } = await t.listen();
      await shipLogs(listenerUrl, t.shippingToken, 'firewall', [
        at(10_000, { client_ip: '10.1.2.3', user: 'alice', port: 22, message: 'denied' }),
        at(11_000, { client_ip: '192.168.5.5', user: 'bob', port: 80, message: 'denied' }),
        at(12_000, { client_ip: '8.8.8.8', user: 'root', port: 443, message: 'denied' }),
        at(13_000, { client_ip: 'not-an-ip', user: 'carol', port: 8080, message: 'denied' }),
        at(14_000, { client_ip: '172.16.0.9', user: 'dave', port: 443, message: 'denied' }),
        at(15_000, { client_ip: '2001:db8::7', user: 'erin', port: 22, message: 'denied' }),
      ]);
      const list = await call('POST', '/v1/lookup-lists', { name: 'bad ips', description: 'blocklist' });
      listId = list.json<{ id: string }>().id;
      const bulk = await call('POST', `/v1/lookup-lists/${listId}/elements/bulk-add`, [
        { value: '8.8.8.8' },
        { value: '10.0.0.0/8', comment: 'internal range' },
        { value: '2001:db8::/32' },
      ]);
      assert.equal(bulk.statusCode, 200, bulk.body);
      clock.set(T0 + MINUTE + 1_000);
    });
    after(async () => t.close());

    it('matches values and CIDR ranges in the DSL and in query_string, by name or by id', async () => {
      const expected = ['10.1.2.3', '2001:db8::7', '8.8.8.8'];
      assert.deepEqual(await ips({ lookup: { client_ip: { list: 'bad ips' } } }), expected);
      assert.deepEqual(await ips({ lookup: { client_ip: listId } }), expected);
      assert.deepEqual(await ips({ query_string: { query: 'client_ip:lookup{"bad ips"}' } }), expected);
      assert.deepEqual(await ips({ query_string: { query: `client_ip:lookup{${listId}} AND user:root` } }), ['8.8.8.8']);
      assert.deepEqual(await ips({ query_string: { query: 'denied AND NOT client_ip:lookup{"bad ips"}' } }), [
        '172.16.0.9',
        '192.168.5.5',
        'not-an-ip',
      ]);
      assert.deepEqual(
        await ips({ bool: { filter: [{ lookup: { client_ip: { list: 'bad ips' } } }], must_not: [{ term: { user: 'alice' } }] } }),
        ['2001:db8::7', '8.8.8.8'],
      );
    });

    it('resolves lists inside filter and filters aggregations', async () => {
      const response = await call('POST', '/v1/search', {
        query: { match_all: {} },
        size: 0,
        aggs: {
          listed: { filter: { lookup: { client_ip: { list: 'bad ips' } } }, aggs: { ssh: { filter: { term: { port: 22 } } } } },
          split: { filters: { filters: { bad: { query_string: { query: 'client_ip:lookup{"bad ips"}' } }, all: { match_all: {} } } } },
        },
      });
      assert.equal(response.statusCode, 200, response.body);
      const aggs = response.json<{
        aggregations: {
          listed: { doc_count: number; ssh: { doc_count: number } };
          split: { buckets: Record<string, { doc_count: number }> };
        };
      }>().aggregations;
      assert.equal(aggs.listed.doc_count, 3);
      assert.equal(aggs.listed.ssh.doc_count, 2);
      assert.equal(aggs.split.buckets.bad?.doc_count, 3);
      assert.equal(aggs.split.buckets.all?.doc_count, 6);
    });

    it('works through the Elasticsearch-compatible API', async () => {
      const response = await call('POST', '/v1/elasticsearch/_search', { query: { lookup: { client_ip: { list: 'bad ips' } } }, size: 10 });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.json<{ hits: { total: { value: number } } }>().hits.total.value, 3);
      const count = await call('GET', `/v1/elasticsearch/_count?q=${encodeURIComponent('client_ip:lookup{"bad ips"}')}`);
      assert.equal(count.statusCode, 200, count.body);
      assert.equal(count.json<{ count: number }>().count, 3);
    });

    it('matches numbers on numeric fields and works through scroll', async () => {
      const ports = await call('POST', '/v1/lookup-lists', { name: 'ssh ports' });
      const portsId = ports.json<{ id: string }>().id;
      await call('POST', `/v1/lookup-lists/${portsId}/elements`, { value: '22' });
      assert.deepEqual(await ips({ lookup: { port: { list: 'ssh ports' } } }), ['10.1.2.3', '2001:db8::7']);
      const scroll = await call('POST', '/v1/scroll', { query: { query_string: { query: 'client_ip:lookup{"bad ips"}' } }, size: 2 });
      assert.equal(scroll.statusCode, 200, scroll.body);
      const opened = scroll.json<{ scrollId: string; hits: string }>();
      const first = JSON.parse(opened.hits) as { total: number; hits: unknown[] };
      assert.equal(first.total, 3);
      assert.equal(first.hits.length, 2);
      const next = await call('POST', '/v1/scroll', { scroll_id: opened.scrollId });
      assert.equal(next.statusCode, 200, next.body);
      assert.equal((JSON.parse(next.json<{ hits: string }>().hits) as { hits: unknown[] }).hits.length, 1);
      assert.equal((await call('DELETE', `/v1/lookup-lists/${portsId}`)).statusCode, 200);
    });

    it('matches big lists (held in engine sets) and sees their changes at once', async () => {
      const big = await call('POST', '/v1/lookup-lists', { name: 'big list' });
      const bigId = big.json<{ id: string }>().id;
      const values = Array.from({ length: 1500 }, (_, i) => ({ value: `172.20.${i >> 8}.${i & 255}` }));
      values.push({ value: '192.168.5.5' });
      assert.equal((await call('POST', `/v1/lookup-lists/${bigId}/elements/bulk-add`, values)).statusCode, 200);
      assert.deepEqual(await ips({ lookup: { client_ip: { list: 'big list' } } }), ['192.168.5.5']);
      assert.deepEqual(await ips({ query_string: { query: 'denied AND NOT client_ip:lookup{"big list"}' } }), [
        '10.1.2.3',
        '172.16.0.9',
        '2001:db8::7',
        '8.8.8.8',
        'not-an-ip',
      ]);
      await call('POST', `/v1/lookup-lists/${bigId}/elements`, { value: '8.8.8.8' });
      assert.deepEqual(await ips({ lookup: { client_ip: { list: 'big list' } } }), ['192.168.5.5', '8.8.8.8']);
      assert.equal((await call('DELETE', `/v1/lookup-lists/${bigId}`)).statusCode, 200);
    });

    it('answers a query naming an unknown list, or a lookup without a field, with a 400', async () => {
      const unknown = await call('POST', '/v1/search', { query: { lookup: { client_ip: { list: 'nope' } } } });
      assert.equal(unknown.statusCode, 400);
      assert.match(unknown.json<{ message: string }>().message, /nope/);
      const fieldless = await call('POST', '/v1/search', { query: { query_string: { query: 'lookup{"bad ips"}' } } });
      assert.equal(fieldless.statusCode, 400);
      assert.match(fieldless.json<{ message: string }>().message, /needs a field/);
      const alert = await call('POST', '/v2/alerts', {
        title: 'Unknown list',
        subComponents: [
          {
            queryDefinition: { query: 'client_ip:lookup{"nope"}', aggregation: { aggregationType: 'COUNT' } },
            trigger: { operator: 'GREATER_THAN', severityThresholdTiers: { HIGH: 0 } },
          },
        ],
      });
      assert.equal(alert.statusCode, 400, alert.body);
      assert.match(alert.json<{ message: string }>().message, /subComponents\.0\.queryDefinition.*nope/);
      const noList = await call('POST', '/v1/search', { query: { lookup: { client_ip: {} } } });
      assert.equal(noList.statusCode, 400);
      assert.match(noList.json<{ message: string }>().message, /list/);
    });

    it('leaves expired elements out at once, before any cleanup', async () => {
      const element = await addElement('192.168.5.5', clock.now() + 30_000);
      assert.ok((await ips({ lookup: { client_ip: { list: 'bad ips' } } })).includes('192.168.5.5'));
      clock.advance(30_000);
      assert.ok(!(await ips({ lookup: { client_ip: { list: 'bad ips' } } })).includes('192.168.5.5'));
      // Still stored until the cleanup job runs.
      assert.equal((await call('GET', `/v1/lookup-lists/${listId}/elements/${element.id}`)).statusCode, 200);
      clock.set(T0 + MINUTE + 1_000);
      assert.equal((await call('DELETE', `/v1/lookup-lists/${listId}/elements/${element.id}`)).statusCode, 200);
    });

    it('fires an alert exactly for listed values; a list change shows in the next evaluation; the list cannot be deleted while used', async () => {
      const created = await call('POST', '/v2/alerts', {
        title: 'Blocklisted client',
        searchTimeFrameMinutes: 5,
        output: { recipients: { emails: [] }, suppressNotificationsMinutes: 0 },
        subComponents: [
          {
            queryDefinition: { query: 'client_ip:lookup{"bad ips"}', groupBy: ['client_ip'], aggregation: { aggregationType: 'COUNT' } },
            trigger: { operator: 'GREATER_THAN', severityThresholdTiers: { HIGH: 0 } },
          },
        ],
      });
      assert.equal(created.statusCode, 200, created.body);
      const alertId = created.json<{ id: number }>().id;
      const groups = async (): Promise<string[]> => {
        const page = await call('POST', '/v1/alerts/triggered-alerts', { size: 100, search: 'blocklisted' });
        return page
          .json<{ results: { groupBy: Record<string, string>; alertWindowEndDate: number }[] }>()
          .results.filter((r) => r.alertWindowEndDate === Math.floor(clock.now() / MINUTE) * 60)
          .map((r) => r.groupBy.client_ip ?? '')
          .sort();
      };
      const cycle = () => t.app.alertEvaluation.runCycle(new AbortController().signal);
      await cycle();
      assert.deepEqual(await groups(), ['10.1.2.3', '2001:db8::7', '8.8.8.8']);

      await addElement('172.16.0.0/12');
      clock.set(T0 + 2 * MINUTE + 1_000);
      await cycle();
      // Once per incident (decision 0691): the groups that fired are not fired again while their window overlaps;
      // the address the list now covers fires in this evaluation.
      assert.deepEqual(await groups(), ['172.16.0.9']);

      const refused = await call('DELETE', `/v1/lookup-lists/${listId}`);
      assert.equal(refused.statusCode, 409, refused.body);
      assert.match(refused.json<{ message: string }>().message, new RegExp(`alert ${alertId} \\(Blocklisted client\\)`));
      assert.equal((await call('GET', `/v1/lookup-lists/${listId}`)).statusCode, 200);
      assert.equal((await call('DELETE', `/v2/alerts/${alertId}`)).statusCode, 200);
      assert.equal((await call('DELETE', `/v1/lookup-lists/${listId}`)).statusCode, 200);
    });
  });
}
