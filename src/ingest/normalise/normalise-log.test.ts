import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { flattenFields } from './flatten-fields.js';
import { normaliseLog, type NormaliseContext } from './normalise-log.js';
import { parseTimestamp } from './parse-timestamp.js';

const RECEIVED = Date.UTC(2026, 10, 21, 12, 0, 0);
const context: NormaliseContext = { accountId: 7, docSizeSetting: false, defaultType: undefined, receivedAtMs: RECEIVED };

describe('parseTimestamp', () => {
  const cases: [unknown, number | undefined][] = [
    ['2026-11-21T10:41:21.123Z', Date.UTC(2026, 10, 21, 10, 41, 21, 123)],
    ['2026-11-21T10:41:21.123456789Z', Date.UTC(2026, 10, 21, 10, 41, 21, 123)],
    ['2026-11-21T10:41:21+02:00', Date.UTC(2026, 10, 21, 8, 41, 21)],
    ['2026-11-21T10:41:21-0130', Date.UTC(2026, 10, 21, 12, 11, 21)],
    ['2026-11-21 10:41:21,250', Date.UTC(2026, 10, 21, 10, 41, 21, 250)],
    ['2026-11-21T10:41:21', Date.UTC(2026, 10, 21, 10, 41, 21)],
    ['2026-11-21', Date.UTC(2026, 10, 21)],
    [1_763_721_681, 1_763_721_681_000],
    [1_763_721_681.5, 1_763_721_681_500],
    [1_763_721_681_123, 1_763_721_681_123],
    ['1763721681123', 1_763_721_681_123],
    [1_763_721_681_123_456, 1_763_721_681_123],
    [Number('1763721681123456789'), 1_763_721_681_123],
    ['Nov 21 10:41:21', Date.UTC(2026, 10, 21, 10, 41, 21)],
    ['Nov  1 10:41:21', Date.UTC(2026, 10, 1, 10, 41, 21)],
    ['Dec 31 23:59:59', Date.UTC(2025, 11, 31, 23, 59, 59)],
    ['21/Nov/2026:10:41:21 +0100', Date.UTC(2026, 10, 21, 9, 41, 21)],
    ['yesterday', undefined],
    ['2026-13-45T99:00:00Z', undefined],
    [true, undefined],
    [{}, undefined],
    [-5, undefined],
  ];
  for (const [input, expected] of cases) {
    it(`reads ${JSON.stringify(input)}`, () => {
      const receivedAt = input === 'Dec 31 23:59:59' ? Date.UTC(2026, 0, 1, 0, 5) : RECEIVED;
      assert.equal(parseTimestamp(input, receivedAt), expected);
    });
  }
});

describe('flattenFields', () => {
  it('dots nested names, keeps primitive arrays and spreads arrays of objects per leaf', () => {
    const flat = flattenFields({
      user: { id: 42, name: 'bob', tags: ['a', 'b'] },
      ok: true,
      none: null,
      list: [{ x: 1 }, { x: 2, y: 's' }],
    });
    assert.equal(flat.lossy, true);
    assert.deepEqual(flat.fields, {
      'user.id': 42,
      'user.name': 'bob',
      'user.tags': ['a', 'b'],
      ok: true,
      none: null,
      'list.x': [1, 2],
      'list.y': 's',
    });
  });

  it('keeps very deep nesting as JSON text instead of recursing without bound', () => {
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 40; i += 1) deep = { n: deep };
    const flat = flattenFields(deep).fields;
    const [key] = Object.keys(flat);
    assert.equal(Object.keys(flat).length, 1);
    assert.ok(key !== undefined && key.startsWith('n.n.'));
    assert.equal(typeof flat[key ?? ''], 'string');
  });

  it('is not lossy for plain nesting', () => {
    assert.equal(flattenFields({ a: { b: 1, c: [1, 2] }, d: 'x' }).lossy, false);
    assert.equal(flattenFields({ 'a.b': 1 }).lossy, true);
  });
});

describe('normaliseLog', () => {
  it('takes @timestamp, message and the log type out of the fields', () => {
    const doc = normaliseLog(
      {
        fields: { '@timestamp': '2026-11-21T10:41:21.123Z', message: 'hello', type: 'myapp', env: 'test', user: { id: 1 } },
        sizeBytes: 99,
      },
      { ...context, defaultType: 'query-type' },
    );
    assert.equal(doc.timestampMs, Date.UTC(2026, 10, 21, 10, 41, 21, 123));
    assert.equal(doc.message, 'hello');
    assert.equal(doc.type, 'myapp');
    assert.equal(doc.accountId, 7);
    assert.equal(doc.receivedAtMs, RECEIVED);
    assert.equal(doc.sizeBytes, 99);
    assert.deepEqual(doc.fields, { env: 'test', 'user.id': 1 });
    assert.match(doc.id, /^[A-Za-z0-9_-]{20}$/);
    assert.equal(doc.source, undefined);
  });

  it('keeps the log as received in source when its flattening is lossy', () => {
    const doc = normaliseLog(
      { fields: { message: 'm', 'kubernetes.pod': 'p', items: [{ sku: 'a' }, { sku: 'b' }] }, sizeBytes: 5 },
      { ...context, docSizeSetting: true },
    );
    assert.deepEqual(JSON.parse(doc.source ?? '{}'), {
      'kubernetes.pod': 'p',
      items: [{ sku: 'a' }, { sku: 'b' }],
      '@timestamp': new Date(RECEIVED).toISOString(),
      type: 'http-bulk',
      message: 'm',
      LogSize: 5,
    });
    assert.deepEqual(doc.fields, { 'kubernetes.pod': 'p', 'items.sku': ['a', 'b'], LogSize: 5 });
  });

  it('lets an Elasticsearch index win over the log type and keeps the own type as a field', () => {
    const doc = normaliseLog(
      { fields: { type: 'PushEvent', message: 'x' }, sizeBytes: 1 },
      { ...context, defaultType: 'gharchive', indexType: 'gharchive' },
    );
    assert.equal(doc.type, 'gharchive');
    assert.equal(doc.fields.type, 'PushEvent');
  });

  it('falls back to the listener type, then http-bulk, and to the receive time', () => {
    assert.equal(normaliseLog({ fields: { message: 'x' }, sizeBytes: 1 }, { ...context, defaultType: 'nginx' }).type, 'nginx');
    const plain = normaliseLog({ fields: { message: 'x' }, sizeBytes: 1 }, context);
    assert.equal(plain.type, 'http-bulk');
    assert.equal(plain.timestampMs, RECEIVED);
  });

  it('reads the time from timestamp/time fields and keeps those fields', () => {
    const doc = normaliseLog({ fields: { time: 1_700_000_000_000, msg: 'pino' }, sizeBytes: 1 }, context);
    assert.equal(doc.timestampMs, 1_700_000_000_000);
    assert.deepEqual(doc.fields, { time: 1_700_000_000_000, msg: 'pino' });
  });

  it('keeps an unreadable @timestamp and a non-string type under other names', () => {
    const doc = normaliseLog({ fields: { '@timestamp': 'soon', type: 5, message: { nested: 'yes' } }, sizeBytes: 1 }, context);
    assert.equal(doc.timestampMs, RECEIVED);
    assert.equal(doc.message, undefined);
    assert.deepEqual(doc.fields, { '@timestamp_raw': 'soon', type_raw: 5, 'message.nested': 'yes' });
  });

  it('prefers the transport time and adds LogSize when the account asks for it', () => {
    const doc = normaliseLog(
      { fields: { message: 'x', timestamp: '2020-01-01T00:00:00Z' }, sizeBytes: 321, timestampMs: 1_000_000_000_000 },
      { ...context, docSizeSetting: true },
    );
    assert.equal(doc.timestampMs, 1_000_000_000_000);
    assert.equal(doc.fields.LogSize, 321);
  });

  it("takes syslog-ng's MESSAGE as the message when there is no message", () => {
    const doc = normaliseLog({ fields: { MESSAGE: 'from syslog-ng', PROGRAM: 'sshd' }, sizeBytes: 1 }, context);
    assert.equal(doc.message, 'from syslog-ng');
    assert.deepEqual(doc.fields, { MESSAGE: 'from syslog-ng', PROGRAM: 'sshd' });
    assert.equal(normaliseLog({ fields: { message: 'own', MESSAGE: 'other' }, sizeBytes: 1 }, context).message, 'own');
  });

  it('gives every log its own id', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => normaliseLog({ fields: {}, sizeBytes: 0 }, context).id));
    assert.equal(ids.size, 1000);
  });
});
