// The real-logs data set's generator (bench/real-logs): deterministic, shaped as the shippers send, with real
// cardinality, its time layout, and words chosen by counting that the counts bear out.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { datasetSample } from '../../bench/bench-datasets.js';
import { generateRealLogs, REAL_NOW_MS } from '../../bench/real-logs/real-log-generator.js';
import { shipperDocument, type Envelope } from '../../bench/real-logs/shippers.js';
import type { ShipperKind } from '../../bench/real-logs/services.js';
import { DAY_MS, WEEK_MS } from '../../bench/real-logs/timeline.js';
import { analyzeTerms } from '../../src/query/text/analyzer.js';
import { datasetsDir } from '../support/datasets.js';

const COUNT = 20_000;
const logs = [...generateRealLogs({ count: COUNT, seed: 7 })];
const docs = logs.map((log) => JSON.parse(log.line) as Record<string, unknown>);

/** Every leaf of a document as [dotted name, value] (arrays as one leaf), as ingest flattens it. */
function leaves(value: Record<string, unknown>, prefix = ''): [string, unknown][] {
  return Object.entries(value).flatMap(([key, inner]) => {
    const name = prefix === '' ? key : `${prefix}.${key}`;
    return inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? leaves(inner as Record<string, unknown>, name)
      : [[name, inner]];
  });
}

const distinct = (values: readonly unknown[]): number => new Set(values.filter((value) => value !== undefined)).size;
const field = (name: string): unknown[] => docs.map((doc) => doc[name]);

describe('the real-logs generator', () => {
  it('is deterministic from its seed', () => {
    const once = [...generateRealLogs({ count: 3000, seed: 7 })].map((log) => log.line);
    assert.deepEqual(
      [...generateRealLogs({ count: 3000, seed: 7 })].map((log) => log.line),
      once,
    );
    assert.notDeepEqual(
      [...generateRealLogs({ count: 3000, seed: 8 })].map((log) => log.line),
      once,
    );
  });

  it('streams: the first logs of ten million come at once', () => {
    const started = performance.now();
    const iterator = generateRealLogs({ count: 10_000_000 });
    for (let i = 0; i < 1000; i += 1) assert.equal(iterator.next().done, false);
    // Nothing is built in proportion to the count (a full build would take minutes).
    assert.ok(performance.now() - started < 20_000);
  });

  it('sends what shippers send: many fields, nested objects and arrays, every source', () => {
    const fieldCounts = docs.map((doc) => leaves(doc).length).sort((a, b) => a - b);
    const median = fieldCounts[Math.floor(fieldCounts.length / 2)] ?? 0;
    assert.ok(median >= 18, `median fields per log ${median}`);
    assert.ok(docs.some((doc) => typeof doc.kubernetes === 'object'));
    assert.ok(docs.filter((doc) => Array.isArray(doc.tags)).length > COUNT / 3);
    assert.ok(docs.some((doc) => Array.isArray(doc.forwarded_for)));
    assert.ok(distinct(leaves(Object.assign({}, ...docs)).map(([name]) => name)) >= 60, 'field names over all logs');
    assert.equal(distinct(logs.map((log) => log.service)), 22, 'every service of the catalog');
    for (const doc of docs) assert.ok(typeof doc.message === 'string' || typeof doc.msg === 'string');
  });

  it('has real cardinality: hosts in the hundreds, ids and addresses mostly distinct, messages not repeated', () => {
    const hosts = distinct(field('host').filter((host) => typeof host === 'string'));
    assert.ok(hosts >= 200 && hosts <= 600, `${hosts} hosts`);
    const ratio = (values: unknown[]): number => distinct(values) / values.filter((value) => value !== undefined).length;
    assert.ok(ratio(field('request_id')) > 0.9, `request ids ${ratio(field('request_id'))}`);
    assert.ok(ratio(field('client_ip')) > 0.4, `client addresses ${ratio(field('client_ip'))}`);
    assert.ok(ratio(field('path')) > 0.4, `paths ${ratio(field('path'))}`);
    assert.ok(distinct(field('user_agent')) > 1000, `user agents ${distinct(field('user_agent'))}`);
    assert.ok(ratio(docs.map((doc) => doc.message ?? doc.msg)) > 0.8, 'messages');
    // A trace's or a block's id is in a handful of logs, not in one, not in thousands.
    const traces = new Map<unknown, number>();
    for (const trace of field('trace_id')) if (trace !== undefined) traces.set(trace, (traces.get(trace) ?? 0) + 1);
    const perTrace = [...traces.values()];
    assert.ok(Math.max(...perTrace) <= 40 && perTrace.reduce((a, b) => a + b, 0) / perTrace.length > 1.5);
  });

  it('repeats field values in the message, as real logs do', () => {
    const repeated = docs.filter((doc) => typeof doc.client_ip === 'string' && String(doc.message ?? '').includes(doc.client_ip));
    assert.ok(repeated.length > COUNT / 4);
    assert.ok(docs.some((doc) => typeof doc.trace_id === 'string' && String(doc.message).includes(doc.trace_id)));
    assert.ok(docs.some((doc) => typeof doc.block_id === 'string' && String(doc.message).includes(doc.block_id)));
  });

  it('mixes levels as the applications write them', () => {
    const levels = new Set(field('level').filter((level) => typeof level === 'string'));
    for (const level of ['INFO', 'WARN', 'ERROR', 'info', 'error', 'I', 'W']) assert.ok(levels.has(level), level);
    assert.ok(new Set(field('severity')).has('err'));
  });

  it('spreads a week, the last 24 hours busiest, with a live tail and incidents', () => {
    const times = logs.map((log) => log.ms);
    assert.ok(times.every((ms) => ms >= REAL_NOW_MS - WEEK_MS && ms < REAL_NOW_MS));
    const lastDay = times.filter((ms) => ms >= REAL_NOW_MS - DAY_MS).length / COUNT;
    assert.ok(Math.abs(lastDay - 0.75) < 0.02, `share of the last 24 hours ${lastDay}`);
    const tail = times.filter((ms) => ms >= REAL_NOW_MS - 15 * 60_000).length;
    assert.ok(tail > ((lastDay * COUNT) / 96) * 2, `${tail} logs in the last 15 minutes`);
    // Minutes of incidents: some minute of the last day holds several times the day's average.
    const perMinute = new Map<number, number>();
    for (const ms of times)
      if (ms >= REAL_NOW_MS - DAY_MS) perMinute.set(Math.floor(ms / 60_000), (perMinute.get(Math.floor(ms / 60_000)) ?? 0) + 1);
    assert.ok(Math.max(...perMinute.values()) > ((lastDay * COUNT) / 1440) * 3);
    assert.ok(
      times.every((ms, i) => i === 0 || ms >= (times[i - 1] ?? 0) - 60_000),
      'in time order to the minute',
    );
  });
});

describe('the shippers’ documents', () => {
  const captures = path.join(datasetsDir(), 'shipper-captures');
  /** Keys of the documents a capture's requests carried (NDJSON bodies, bulk action lines left out). */
  const captureKeys = (file: string, client: string): Set<string> => {
    const keys = new Set<string>();
    for (const line of fs.readFileSync(path.join(captures, file), 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      const request = JSON.parse(line) as { client: string; body: string };
      if (!request.client.startsWith(client)) continue;
      for (const doc of request.body.split('\n')) {
        if (!doc.startsWith('{') || doc.startsWith('{"index"')) continue;
        for (const key of Object.keys(JSON.parse(doc) as object)) keys.add(key);
      }
    }
    return keys;
  };
  const envelope: Envelope = {
    ms: REAL_NOW_MS,
    service: 'svc',
    type: 'svc',
    team: 'team',
    host: 'web-001',
    env: 'prod',
    region: 'eu-west-1',
    event: { message: 'm', level: 'INFO', failure: false, fields: { pid: 42 } },
    pod: undefined,
    offset: 1,
  };
  // Keys the captures' callers chose themselves (extra fields), not the shipper.
  const callerKeys = new Set(['user', 'n', 'userId', 'err']);
  const cases: readonly [ShipperKind, string, string][] = [
    ['rsyslog', 'rsyslog-omelasticsearch.ndjson', 'rsyslog'],
    ['syslog-ng', 'syslog-ng-http.ndjson', 'syslog-ng'],
    ['logzio-nodejs', 'logzio-nodejs.ndjson', 'logzio-nodejs'],
    ['winston-logzio', 'winston-logzio.ndjson', 'winston-logzio'],
    ['pino', 'elastic-js-clients.ndjson', 'pino-elasticsearch'],
  ];
  for (const [kind, file, client] of cases) {
    it(`${kind} sends the keys of its capture`, () => {
      const expected = [...captureKeys(file, client)].filter((key) => !callerKeys.has(key));
      assert.ok(expected.length >= 3, `keys of ${file}`);
      const sent = Object.keys(shipperDocument(kind, envelope));
      for (const key of expected) assert.ok(sent.includes(key), `${kind} lacks ${key}`);
    });
  }
});

describe('the words the real set’s sample searches for', () => {
  const sample = datasetSample('real', { count: 30_000 });
  const words = sample.words;
  /** Logs of the last 24 hours holding `token` in their message or any string field (the field-less total). */
  const holding = (token: string): number =>
    sample.lines.filter((line) => {
      const doc = JSON.parse(line) as Record<string, unknown>;
      const ms = Date.parse(String(doc['@timestamp']));
      if (ms < sample.nowMs - DAY_MS) return false;
      const texts = leaves(doc)
        .filter(([name]) => name !== '@timestamp')
        .flatMap(([, value]) => (Array.isArray(value) ? value : [value]))
        .filter((value): value is string => typeof value === 'string');
      return texts.some((text) => analyzeTerms(text).includes(token));
    }).length;

  it('chooses them by counting, and the counts hold', () => {
    assert.ok(words !== undefined);
    assert.equal(words.sampledEvery, 1);
    assert.equal(holding(words.common.text), words.common.count);
    assert.ok(words.common.count > words.logs * 0.1 && words.common.count < words.logs * 0.6);
    assert.equal(holding(words.rare.text), words.rare.count);
    assert.ok(words.rare.count >= 3 && words.rare.count <= 8);
    assert.equal(holding(words.absent.text), 0);
    assert.equal(holding(words.fuzzy.text), 0, 'the misspelling is in no log');
  });

  it('has every row of the issue, in both sizes', () => {
    const names = sample.queries.map((query) => query.name);
    for (const row of [
      'common word',
      'rare token',
      'word in no log',
      'two-word phrase',
      'three-word phrase',
      'OR of three',
      'word AND field',
      'NOT word',
      'prefix',
      'fuzzy',
      'terms host',
      'date_histogram',
      '7 days',
      'field host:',
      'field message:',
    ]) {
      assert.ok(
        names.some((name) => name.includes(row) && name.endsWith('newest 50')),
        row,
      );
      assert.ok(
        names.some((name) => name.includes(row) && name.endsWith('size 0')),
        row,
      );
    }
  });
});
