/**
 * The engine's metrics on /metrics over real HTTP (issue 51 item 4): while a slow search runs, the interactive lane
 * shows it running; once it answered, the admitted total, the queue wait and the statement duration (outcome ok)
 * have counted it; every statement of a search cancelled by id has an outcome (none an error) and the lane is idle.
 * The engine's memory is read from the embedded chDB (MemoryTracking). By role: a scheduler-only process serves the
 * engine's metrics, an ingest-only one does not.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiUrlOf } from '../support/browser.js';
import { appendBulkLogs } from '../support/bulk-logs.js';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const backend = controlPlaneBackends[0];
const NOW = Date.now();
const BULK = 100_000;
/** Regexps every token of the dictionary is tested against, and every message where the dictionary cannot answer. */
const SLOW = 'message:/.*b.*u.*l.*k.*9.*9.*x.*/ OR message:/.*u.*s.*e.*r.*=.*9.*7.*z.*/ OR message:/.*t.*o.*o.*k.*9.*9.*q.*/';
/**
 * As slow, sharing no regexp with SLOW nor with each other: the store keeps what a regexp matched, which would make a
 * second search with it quick. One per attempt at cancelling a running search.
 */
const OTHER_SLOWS = [
  'message:/.*p.*a.*t.*h.*9.*8.*x.*/ OR message:/.*u.*p.*s.*t.*r.*e.*a.*m.*9.*z.*/ OR message:/.*l.*i.*n.*e.*9.*7.*q.*/',
  'message:/.*c.*o.*n.*n.*9.*6.*x.*/ OR message:/.*s.*e.*s.*s.*i.*o.*n.*9.*5.*z.*/ OR message:/.*r.*o.*w.*s.*9.*4.*q.*/',
  'message:/.*h.*o.*s.*t.*9.*3.*x.*/ OR message:/.*q.*u.*e.*u.*e.*9.*2.*z.*/ OR message:/.*d.*i.*s.*k.*9.*1.*q.*/',
];

/** The value of one series on a Prometheus page (0 when absent). */
function sample(page: string, series: string): number {
  const line = page.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

const RUNNING = 'logward_engine_statements_running{lane="interactive"}';
const ADMITTED = 'logward_engine_statements_admitted_total{lane="interactive"}';
const WAITS = 'logward_engine_queue_wait_seconds_count{lane="interactive"}';
const durations = (outcome: string): string => `logward_engine_statement_duration_seconds_count{lane="interactive",outcome="${outcome}"}`;
/** Interactive statements that ended, whatever their outcome. */
const ended = (page: string): number =>
  ['ok', 'error', 'cancelled', 'timed_out'].reduce((sum, outcome) => sum + sample(page, durations(outcome)), 0);

describe('Engine metrics on /metrics', () => {
  let t: TestApp;
  let baseUrl: string;

  before(async () => {
    assert.ok(backend !== undefined);
    t = await startTestApp({ backend });
    await t.listen();
    baseUrl = apiUrlOf(t);
    await appendBulkLogs(t, BULK, NOW);
  });
  after(async () => {
    await t?.close();
  });

  const metrics = async (): Promise<string> => {
    const response = await fetch(`${baseUrl}/metrics`);
    assert.equal(response.status, 200);
    return response.text();
  };
  const request = (path: string, init: RequestInit = {}): Promise<Response> =>
    fetch(`${baseUrl}${path}`, { ...init, headers: { 'content-type': 'application/json', 'X-API-TOKEN': t.apiToken } });
  const slowSearch = (searchId: string, query: string): Promise<number> =>
    request('/v1/app/search', {
      method: 'POST',
      body: JSON.stringify({
        from: 'now-2h',
        to: 'now',
        searchId,
        search: { query: { query_string: { query } }, size: 50, track_total_hits: true },
      }),
    }).then(async (response) => {
      await response.arrayBuffer();
      return response.status;
    });
  /** Scrapes until `condition` holds of a page; answers that page. */
  async function scrapeUntil(condition: (page: string) => boolean, timeoutMs: number, what: string): Promise<string> {
    const started = Date.now();
    for (;;) {
      const page = await metrics();
      if (condition(page)) return page;
      if (Date.now() - started > timeoutMs) throw new Error(`${what} not seen in ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('shows a slow search running in the interactive lane, then counts it admitted, waited and done', async () => {
    const before = await metrics();
    assert.ok(sample(before, 'logward_engine_memory_bytes') > 0, "the engine's memory is read");
    assert.equal(sample(before, 'logward_engine_memory_read_failures_total'), 0);
    const answer = slowSearch('metrics-1', SLOW);
    const during = await scrapeUntil((page) => sample(page, RUNNING) >= 1, 30_000, 'a running interactive statement');
    assert.ok(sample(during, ADMITTED) > sample(before, ADMITTED), 'a running statement was admitted');
    assert.equal(await answer, 200);
    const afterwards = await scrapeUntil((page) => sample(page, RUNNING) === 0, 5_000, 'the interactive lane idle');
    const admitted = sample(afterwards, ADMITTED) - sample(before, ADMITTED);
    assert.ok(admitted >= 1, `admitted total moved (${admitted})`);
    assert.equal(sample(afterwards, WAITS) - sample(before, WAITS), admitted, 'one queue wait per admitted statement');
    assert.equal(ended(afterwards) - ended(before), admitted, 'each admitted statement has a duration');
    assert.ok(sample(afterwards, durations('ok')) - sample(before, durations('ok')) >= 1, 'the search ended ok');
    assert.ok(sample(afterwards, 'logward_engine_statement_duration_seconds_sum{lane="interactive",outcome="ok"}') > 0);
    assert.equal(sample(afterwards, 'logward_engine_statements_waiting{lane="interactive"}'), 0);
  });

  it('accounts for every statement of a search cancelled by id, none as an error, and leaves the lane idle', async () => {
    // The cancel races the search's end: on a busy machine the search can finish between the scrape that saw it
    // running and the cancel, which then rightly answers 0. That attempt proves nothing either way; another slow
    // search (new regexps, so nothing cached makes it quick) is tried. A cancel that never stops a running search
    // fails here after the last attempt.
    for (const [attempt, query] of OTHER_SLOWS.entries()) {
      const before = await metrics();
      const searchId = `metrics-cancel-${attempt}`;
      const answer = slowSearch(searchId, query);
      await scrapeUntil((page) => sample(page, RUNNING) >= 1, 30_000, 'a running interactive statement');
      const cancel = await request('/v1/app/search/cancel', { method: 'POST', body: JSON.stringify({ searchIds: [searchId] }) });
      const { cancelled } = (await cancel.json()) as { cancelled: number };
      if (cancelled === 0) {
        assert.equal(await answer, 200, 'a search the cancel did not find had ended');
        continue;
      }
      assert.equal(cancelled, 1);
      assert.equal(await answer, 499);
      const afterwards = await scrapeUntil((page) => sample(page, RUNNING) === 0, 5_000, 'the interactive lane idle');
      // A search is many short statements: the cancel stops the one running, or lands between two and the next is never
      // admitted. Either way every admitted statement has an outcome, and none is an error. (That a stopped statement is
      // `cancelled` is shown in statement-priority.test.ts; that the engine stops it, in discover-cancel.test.ts.)
      const admitted = sample(afterwards, ADMITTED) - sample(before, ADMITTED);
      assert.ok(admitted >= 1);
      assert.equal(ended(afterwards) - ended(before), admitted, 'each admitted statement has an outcome');
      assert.equal(sample(afterwards, durations('error')), sample(before, durations('error')), 'a cancel is no error');
      assert.equal(sample(afterwards, durations('timed_out')), sample(before, durations('timed_out')));
      return;
    }
    assert.fail(`no search was still running when its cancel arrived, in ${OTHER_SLOWS.length} attempts`);
  });
});

describe('Engine metrics by role', () => {
  for (const [roles, served] of [
    ['scheduler', true],
    ['ingest', false],
  ] as const) {
    it(`${served ? 'serves' : 'leaves out'} the engine's metrics on a process that runs only the ${roles} role`, async () => {
      assert.ok(backend !== undefined);
      const t = await startTestApp({ backend, env: { LOGWARD_ROLES: roles } });
      try {
        // The ingest role serves /metrics on its listener port; every role's page is the same registry.
        const page = (await t.listener.inject({ method: 'GET', url: '/metrics' })).body;
        assert.match(page, /logward_ingest_queued_bytes/);
        if (served) {
          // The series are served; the scheduler's first jobs may have a statement running at the scrape.
          assert.match(page, /logward_engine_statements_running\{lane="background"\} \d+/);
          assert.match(page, /logward_engine_statement_duration_seconds_count\{lane="background",outcome="ok"\} \d+/);
          assert.match(page, /logward_engine_memory_bytes [1-9]/);
        } else assert.doesNotMatch(page, /logward_engine_/);
      } finally {
        await t.close();
      }
    });
  }
});
