import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LogDocument } from '../log-store.js';
import type { ObservedType } from './field-types.js';
import { buildSource, encodeLogRow } from './row-encoder.js';

const doc: LogDocument = {
  id: 'id-1',
  accountId: 7,
  timestampMs: 1_795_262_400_123,
  receivedAtMs: 1_795_262_401_000,
  type: 'nginx',
  message: 'GET "/" 200',
  fields: {
    status: 200,
    host: 'web-1',
    'user.id': 'u1',
    'order.amount': 9.5,
    ok: false,
    tags: ['a', 1, null],
    gone: null,
    when: '2026-11-21T10:00:00Z',
  },
  sizeBytes: 120,
};

describe('row encoder', () => {
  it('builds a JSONEachRow line placing each value by its kind, and reports every field type it meets', () => {
    const seen: [string, ObservedType, boolean][] = [];
    const values: [string, string][] = [];
    const line = encodeLogRow(doc, 30, {
      seen: (name, type, inArray) => seen.push([name, type, inArray]),
      valueSeen: (name, value) => values.push([name, value]),
    });
    const row = JSON.parse(line) as Record<string, unknown>;
    assert.equal(row.account, 7);
    assert.equal(row.ts, 1_795_262_400_123);
    assert.equal(row.f_status, 200);
    assert.equal(row.f_host, 'web-1');
    assert.deepEqual(row.str, { 'user.id': 'u1', when: '2026-11-21T10:00:00Z' });
    assert.deepEqual(row.num, { 'order.amount': 9.5 });
    assert.deepEqual(row.bool, { ok: false });
    assert.deepEqual(row.arr, { tags: ['a', '1'] });
    assert.equal(row.retention_days, 30);
    const bare = JSON.parse(encodeLogRow({ ...doc, fields: {} }, 30, { seen: () => undefined, valueSeen: () => undefined })) as Record<
      string,
      unknown
    >;
    assert.deepEqual([bare.str, bare.num, bare.bool, bare.arr, bare.source], [undefined, undefined, undefined, undefined, undefined]);
    // The value catalog hears of the string values of the columns of few values alone (host, not user.id).
    assert.deepEqual(values, [['host', 'web-1']]);
    assert.deepEqual(seen, [
      ['status', 'long', false],
      ['host', 'text', false],
      ['user.id', 'text', false],
      ['order.amount', 'double', false],
      ['ok', 'boolean', false],
      ['tags', 'text', true],
      ['when', 'date', false],
    ]);
  });

  it('marks exactly the fields and messages that hold text the engine tokenizes unlike the analyzer', () => {
    const nonPlain = (fields: LogDocument['fields'], message = 'plain message'): string[] => {
      const marked: string[] = [];
      encodeLogRow({ ...doc, message, fields }, 30, {
        seen: (name, type) => void (type === 'nonplain' && marked.push(name)),
        valueSeen: () => undefined,
      });
      return marked;
    };
    assert.deepEqual(nonPlain({ a: 'plain', b: 'user_id=42 java.net.X', n: 1_000 }), []);
    assert.deepEqual(nonPlain({ a: 'plain', b: 'café', c: 'fine' }), ['b']);
    assert.deepEqual(nonPlain({ total: '1,000 items', ratio: '1;2', list: '1, 2' }), ['total', 'ratio']);
    assert.deepEqual(nonPlain({ lone: 'x\ud800y', tags: ['ok', 'naïve'] }), ['lone', 'tags']);
    assert.deepEqual(nonPlain({ clé: 'plain value' }), []);
    assert.deepEqual(nonPlain({ long: 'x'.repeat(300), spaced: 'word '.repeat(80) }), ['long']);
    assert.deepEqual(nonPlain({}, 'Grüße'), ['message']);
    // A number the engine prints as other tokens than itself (`-7` → `7`, exponents) makes its row's fields not plain.
    assert.deepEqual(nonPlain({ status: 500, ratio: 0.25, zero: 0, temp: -7, tiny: 1e-9, huge: 1e21, list: [1, -2] }), [
      'temp',
      'tiny',
      'huge',
      'list',
    ]);
    const fieldsPlain = (fields: LogDocument['fields']): boolean =>
      encodeLogRow({ ...doc, fields }, 30, { seen: () => undefined, valueSeen: () => undefined }).includes('"fields_plain":1');
    assert.equal(fieldsPlain({ status: 500, bytes: 12.5 }), true);
    assert.equal(fieldsPlain({ status: 500, delta: -1 }), false);
  });

  it('writes the word pairs of plain fields for the pair index, [] on every other row (decision 0192)', () => {
    const pairsOf = (fields: LogDocument['fields'], message = 'GET "/" 200'): unknown =>
      (
        JSON.parse(encodeLogRow({ ...doc, message, fields }, 30, { seen: () => undefined, valueSeen: () => undefined })) as Record<
          string,
          unknown
        >
      ).field_pairs;
    assert.deepEqual(pairsOf({ reason: 'connection refused', tags: ['by peer', 'x'], note: 'http-nio-exec-1' }), [
      'connection refused',
      'by peer',
      'http nio',
      'nio exec',
    ]);
    // A column of few values is answered from its listed values, phrases too (decision 0196).
    assert.deepEqual(pairsOf({ thread: 'http-nio-exec-1', logger: 'cart service' }), []);
    assert.deepEqual(pairsOf({ status: 500, host: 'web-1' }), []);
    // Found whole in the plain message: the message's pairs already.
    assert.deepEqual(pairsOf({ agent: 'Mozilla Firefox' }, 'GET / "Mozilla Firefox"'), []);
    // Fields that are not plain: the index never answers for the row.
    assert.deepEqual(pairsOf({ reason: 'connection refused', temp: -7 }), []);
    assert.deepEqual(pairsOf({ reason: 'connexion refusée' }), []);
  });

  it('rebuilds _source with nested objects, keeping a dotted name where a scalar already sits', () => {
    const source = JSON.parse(buildSource({ ...doc, fields: { 'a.b': 1, 'a.c.d': 'x', a2: 1, 'a2.b': 2 } })) as Record<string, unknown>;
    assert.deepEqual(source, {
      '@timestamp': '2026-11-21T12:00:00.123Z',
      type: 'nginx',
      message: 'GET "/" 200',
      a: { b: 1, c: { d: 'x' } },
      a2: 1,
      'a2.b': 2,
    });
  });
});
