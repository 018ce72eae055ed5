/**
 * The behaviour suite of the LogStore port: every implementation (each transport) runs it.
 * The factory is called once per suite (opening an engine is slow); tests isolate themselves by
 * using their own account ids.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseQuery, parseSearchRequest, type QueryAst } from '../../query/index.js';
import { retentionFloorMs, type FieldValue, type GroupMeasureQuery, type LogDocument, type LogStore } from '../log-store.js';

export interface LogStoreUnderTest {
  readonly store: LogStore;
  /** Releases what the factory opened besides the store (the store itself is closed by the suite). */
  dispose(): Promise<void>;
}

/** Fixed near the real present: the engine's TTL runs on its own clock, so stored rows keep long retention. */
export const CONTRACT_NOW_MS = Date.UTC(2026, 10, 21, 12, 0, 0);
const DAY = 86_400_000;
const HOUR = 3_600_000;
const KEEP = () => 3650;

let sequence = 0;
export function testDocument(accountId: number, fields: Record<string, FieldValue>, overrides: Partial<LogDocument> = {}): LogDocument {
  sequence += 1;
  return {
    id: `doc-${accountId}-${sequence}`,
    accountId,
    timestampMs: CONTRACT_NOW_MS - 60_000 + sequence,
    receivedAtMs: CONTRACT_NOW_MS,
    type: 'app',
    message: `message ${sequence}`,
    fields,
    sizeBytes: 100,
    ...overrides,
  };
}

export function logStoreContract(name: string, open: () => Promise<LogStoreUnderTest>): void {
  describe(`LogStore contract: ${name}`, () => {
    let subject: LogStoreUnderTest;
    let store: LogStore;
    before(async () => {
      subject = await open();
      store = subject.store;
    });
    after(async () => {
      await store.close();
      await subject.dispose();
    });

    const count = async (accountId: number) => (await store.accountStats([accountId])).get(accountId)?.logCount;

    it('stores appended logs and reports count and newest receive time per account', async () => {
      await store.append(
        [
          testDocument(101, { a: 1 }, { receivedAtMs: CONTRACT_NOW_MS - 5 }),
          testDocument(101, {}, { receivedAtMs: CONTRACT_NOW_MS }),
          testDocument(102, {}),
        ],
        { dedupToken: 'stats-1', retentionDaysOf: KEEP },
      );
      const stats = await store.accountStats([101, 102, 103]);
      assert.deepEqual(stats.get(101), { logCount: 2, newestReceivedAtMs: CONTRACT_NOW_MS });
      assert.equal(stats.get(102)?.logCount, 1);
      assert.deepEqual(stats.get(103), { logCount: 0, newestReceivedAtMs: undefined });
    });

    it('stores a batch once when it is retried with the same token, twice with another token', async () => {
      const batch = [testDocument(111, { x: 'a' }), testDocument(111, { x: 'b' })];
      await store.append(batch, { dedupToken: 'retry-1', retentionDaysOf: KEEP });
      await store.append(batch, { dedupToken: 'retry-1', retentionDaysOf: KEEP });
      assert.equal(await count(111), 2);
      await store.append(batch, { dedupToken: 'retry-2', retentionDaysOf: KEEP });
      assert.equal(await count(111), 4);
    });

    it('deduplicates a retried batch of any size, however the store splits it', async () => {
      const big = Array.from({ length: 100_001 }, (_, i) => testDocument(112, { i }, { message: undefined }));
      await store.append(big, { dedupToken: 'big-1', retentionDaysOf: KEEP });
      await store.append(big, { dedupToken: 'big-1', retentionDaysOf: KEEP });
      assert.equal(await count(112), 100_001);
    });

    it('writes encoded requests of several accounts as one batch: once per token, past-retention logs left out, fields catalogued', async () => {
      const encode = async (documents: LogDocument[], retentionDaysOf: (accountId: number) => number) => {
        const encoder = await store.openEncoder(
          documents.map((document) => document.accountId),
          { retentionDaysOf },
        );
        for (const document of documents) encoder.add(document);
        return encoder.finish();
      };
      const first = await encode(
        [testDocument(191, { a: 1 }), testDocument(191, { b: 'x' }, { timestampMs: CONTRACT_NOW_MS - 40 * DAY })],
        () => 30,
      );
      const second = await encode([testDocument(192, { c: true })], KEEP);
      const empty = await encode([testDocument(193, {}, { timestampMs: CONTRACT_NOW_MS - 40 * DAY })], () => 30);
      assert.deepEqual([first.rowCount, second.rowCount, empty.rowCount], [1, 1, 0]);
      await store.write([first, second, empty], { dedupToken: 'encoded-1' });
      await store.write([first, second, empty], { dedupToken: 'encoded-1' });
      assert.deepEqual([await count(191), await count(192), await count(193)], [1, 1, 0]);
      const catalog = await store.fieldCatalog([191, 192]);
      assert.deepEqual(
        catalog.get(191)?.map((field) => field.name),
        ['a'],
      );
      assert.deepEqual(
        catalog.get(192)?.map((field) => [field.name, field.type]),
        [['c', 'boolean']],
      );
      await assert.rejects(store.write([{ rowCount: 1 }], { dedupToken: 'foreign' }));
    });

    it('types fields on first sight per account and records later conflicts without rejecting a log', async () => {
      await store.append(
        [
          testDocument(121, {
            status: 200,
            code: 'E1',
            ratio: 0.5,
            ok: true,
            when: '2026-11-21T10:00:00.123Z',
            tags: ['a', 'b'],
            'user.id': 7,
          }),
          testDocument(121, { status: '500 error', code: 42, ratio: 2, ok: 'yes', when: 'yesterday', tags: 'single' }),
          testDocument(122, { status: 'text first', city: 'Zürich', tag: ['plain', 'naïve'] }),
        ],
        { dedupToken: 'types-1', retentionDaysOf: KEEP },
      );
      assert.equal(await count(121), 2);
      const catalog = await store.fieldCatalog([121, 122]);
      const fields = new Map((catalog.get(121) ?? []).map((field) => [field.name, field]));
      assert.deepEqual(fields.get('status'), {
        name: 'status',
        type: 'long',
        conflictingTypes: ['text'],
        inArrays: false,
        plainText: true,
      });
      assert.deepEqual(fields.get('code'), { name: 'code', type: 'text', conflictingTypes: ['long'], inArrays: false, plainText: true });
      // long and double share one numeric place: not a conflict.
      assert.deepEqual(fields.get('ratio'), { name: 'ratio', type: 'double', conflictingTypes: [], inArrays: false, plainText: true });
      assert.deepEqual(fields.get('ok'), { name: 'ok', type: 'boolean', conflictingTypes: ['text'], inArrays: false, plainText: true });
      assert.deepEqual(fields.get('when'), { name: 'when', type: 'date', conflictingTypes: ['text'], inArrays: false, plainText: true });
      assert.deepEqual(fields.get('tags'), { name: 'tags', type: 'text', conflictingTypes: [], inArrays: true, plainText: true });
      assert.deepEqual(fields.get('user.id'), { name: 'user.id', type: 'long', conflictingTypes: [], inArrays: false, plainText: true });
      // Strings the engine's tokenizer would split unlike the analyzer mark their field (decision 0129).
      assert.deepEqual(catalog.get(122), [
        { name: 'city', type: 'text', conflictingTypes: [], inArrays: false, plainText: false },
        { name: 'status', type: 'text', conflictingTypes: [], inArrays: false, plainText: true },
        { name: 'tag', type: 'text', conflictingTypes: [], inArrays: true, plainText: false },
      ]);
    });

    it('keeps the first type across appends and never lists core fields', async () => {
      await store.append([testDocument(131, { n: 1 })], { dedupToken: 'first-1', retentionDaysOf: KEEP });
      await store.append([testDocument(131, { n: 'one' })], { dedupToken: 'first-2', retentionDaysOf: KEEP });
      const fields = (await store.fieldCatalog([131])).get(131) ?? [];
      assert.deepEqual(fields, [{ name: 'n', type: 'long', conflictingTypes: ['text'], inArrays: false, plainText: true }]);
    });

    it('accepts any number of distinct field names', async () => {
      const docs = Array.from({ length: 300 }, (_, i) =>
        testDocument(141, Object.fromEntries(Array.from({ length: 10 }, (_, j) => [`key_${i}_${j}`, j % 2 === 0 ? j : `v${j}`]))),
      );
      await store.append(docs, { dedupToken: 'wide-1', retentionDaysOf: KEEP });
      assert.equal(await count(141), 300);
      assert.equal((await store.fieldCatalog([141])).get(141)?.length, 3000);
    });

    it('never stores a log already past its account retention', async () => {
      await store.append(
        [testDocument(151, {}, { timestampMs: CONTRACT_NOW_MS - 40 * DAY }), testDocument(151, {}, { timestampMs: Date.now() - DAY })],
        { dedupToken: 'expired-1', retentionDaysOf: () => 30 },
      );
      assert.equal(await count(151), 1);
    });

    it('enforceRetention deletes the logs of each account older than its retention, only those', async () => {
      const now = Date.now();
      await store.append(
        [
          testDocument(161, {}, { timestampMs: now - 10 * DAY }),
          testDocument(161, {}, { timestampMs: now - 2 * DAY }),
          testDocument(162, {}, { timestampMs: now - 10 * DAY }),
        ],
        { dedupToken: 'retention-1', retentionDaysOf: KEEP },
      );
      await store.enforceRetention(new Map([[161, 5]]), now);
      assert.equal(await count(161), 1);
      assert.equal(await count(162), 1);
      assert.ok(retentionFloorMs(5, now) === now - 5 * DAY);
    });

    it('deleteAccount removes every log and the catalog of that account only', async () => {
      await store.append([testDocument(171, { f: 1 }), testDocument(172, { g: 1 })], { dedupToken: 'delete-1', retentionDaysOf: KEEP });
      await store.deleteAccount(171);
      assert.equal(await count(171), 0);
      assert.deepEqual((await store.fieldCatalog([171])).get(171), []);
      assert.equal(await count(172), 1);
      // The account's catalog starts again from scratch.
      await store.append([testDocument(171, { f: 'text now' })], { dedupToken: 'delete-2', retentionDaysOf: KEEP });
      assert.deepEqual((await store.fieldCatalog([171])).get(171), [
        { name: 'f', type: 'text', conflictingTypes: [], inArrays: false, plainText: true },
      ]);
    });

    it('stores concurrent appends completely', async () => {
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          store.append(
            Array.from({ length: 50 }, () => testDocument(181, { i })),
            { dedupToken: `concurrent-${i}`, retentionDaysOf: KEEP },
          ),
        ),
      );
      assert.equal(await count(181), 400);
    });

    it('measures groups of logs per condition in one pass (detection questions), own types left out', async () => {
      const at = (offset: number) => ({ timestampMs: CONTRACT_NOW_MS - 60_000 + offset });
      await store.append(
        [
          testDocument(131, { host: 'a', duration: 10 }, at(1)),
          testDocument(131, { host: 'a', duration: 20 }, at(2)),
          testDocument(131, { host: 'b', duration: 5 }, at(3)),
          testDocument(131, { duration: 7 }, at(4)),
          testDocument(131, { host: 'a', duration: 100 }, { ...at(5), type: 'own-event' }),
          // Outside the window.
          testDocument(131, { host: 'a', duration: 1 }, { timestampMs: CONTRACT_NOW_MS }),
        ],
        { dedupToken: 'measure-1', retentionDaysOf: KEEP },
      );
      const all: QueryAst = { kind: 'match_all', boost: 1 };
      const hostA = parseQuery({ match_phrase: { host: { query: 'a' } } }, { now: CONTRACT_NOW_MS, profile: 'elasticsearch' });
      const nothing = parseQuery({ match_phrase: { host: { query: 'zzz' } } }, { now: CONTRACT_NOW_MS, profile: 'elasticsearch' });
      const base: GroupMeasureQuery = {
        scope: { accounts: [{ accountId: 131, fromMs: CONTRACT_NOW_MS - 60_000 }], toMs: CONTRACT_NOW_MS, types: null, filter: null },
        conditions: [all, hostA],
        groupBy: ['host'],
        measure: { kind: 'count' },
        excludedTypes: ['own-event'],
        maxGroups: 100,
        background: true,
      };
      assert.deepEqual(await store.measureGroups(base), [
        [
          { group: { host: 'a' }, value: 2 },
          { group: { host: 'b' }, value: 1 },
        ],
        [{ group: { host: 'a' }, value: 2 }],
      ]);
      assert.deepEqual(await store.measureGroups({ ...base, excludedTypes: [], conditions: [hostA] }), [
        [{ group: { host: 'a' }, value: 3 }],
      ]);
      const groupless = { ...base, groupBy: [], conditions: [all, nothing] };
      assert.deepEqual(await store.measureGroups({ ...groupless, measure: { kind: 'avg', field: 'duration' } }), [
        [{ group: {}, value: 10.5 }],
        [],
      ]);
      // Counting measures have a value over no logs: the one group of a question without groupBy is 0.
      assert.deepEqual(await store.measureGroups({ ...groupless, measure: { kind: 'sum', field: 'duration' } }), [
        [{ group: {}, value: 42 }],
        [{ group: {}, value: 0 }],
      ]);
      assert.deepEqual(await store.measureGroups({ ...groupless, measure: { kind: 'share', condition: hostA } }), [
        [{ group: {}, value: 50 }],
        [],
      ]);
      assert.deepEqual(await store.measureGroups({ ...base, measure: { kind: 'max', field: 'duration' }, conditions: [all] }), [
        [
          { group: { host: 'a' }, value: 20 },
          { group: { host: 'b' }, value: 5 },
        ],
      ]);
    });

    it('tests fields against resolved lookup lists: whole values, numbers, CIDR ranges, arrays, big lists', async () => {
      const inWindow = { timestampMs: CONTRACT_NOW_MS - 60_000 };
      await store.append(
        [
          testDocument(141, { ip: '10.1.1.1', port: 22, tags: ['a', 'x'] }, inWindow),
          testDocument(141, { ip: '192.168.1.1', port: 80, tags: ['b'] }, inWindow),
          testDocument(141, { ip: 'fd00::1', port: 443 }, inWindow),
          testDocument(141, { ip: 'not-ip', port: 8080, tags: ['c', 'bad'] }, inWindow),
        ],
        { dedupToken: 'lookup-1', retentionDaysOf: KEEP },
      );
      const filler = Array.from({ length: 1500 }, (_, i) => `filler-${i}`);
      const lookup = (field: string, values: string[], networks: string[] = []): QueryAst => ({
        kind: 'lookup',
        field,
        list: 'l',
        members: { listId: 'l', values, networks },
        boost: 1,
      });
      const conditions = [
        lookup('ip', ['192.168.1.1', '10.1.1']),
        lookup('ip', [], ['10.0.0.0/8', 'fd00::/8', '172.16.0.0/12']),
        lookup('port', ['22', '443']),
        lookup('tags', ['bad']),
        lookup('ip', [...filler, 'not-ip']),
        lookup('tags', [...filler, 'x']),
        lookup('ip', []),
      ];
      const measured = await store.measureGroups({
        scope: { accounts: [{ accountId: 141, fromMs: CONTRACT_NOW_MS - DAY }], toMs: CONTRACT_NOW_MS, types: null, filter: null },
        conditions,
        groupBy: [],
        measure: { kind: 'count' },
        excludedTypes: [],
        maxGroups: 10,
        background: true,
      });
      assert.deepEqual(
        measured.map((groups) => groups[0]?.value),
        [1, 2, 2, 1, 1, 1, 0],
      );
    });

    it('totals a one-word search the same once the words most logs hold are counted ahead (decision 0197)', async () => {
      const account = 151;
      const docs = Array.from({ length: 120 }, (_, i) =>
        testDocument(
          account,
          { level: i % 3 === 0 ? 'ERROR' : 'INFO', 'user.name': i % 2 === 0 ? 'link' : 'zelda', code: i % 5 },
          { message: i % 4 === 0 ? 'GET /api http 200' : 'read timed out', timestampMs: CONTRACT_NOW_MS - 2 * HOUR + i * 1000 },
        ),
      );
      await store.append(docs, { dedupToken: 'word-counts-1', retentionDaysOf: KEEP });
      // Whole hours: every counted part answers from its counts alone.
      const scope = { accounts: [{ accountId: account, fromMs: CONTRACT_NOW_MS - DAY }], toMs: CONTRACT_NOW_MS, types: null, filter: null };
      const words = ['http', 'zelda', 'error', 'timed', '3', 'message:http', 'message:zelda', 'nothing'];
      const totals = (): Promise<number[]> =>
        Promise.all(
          words.map(async (word) => {
            const request = parseSearchRequest(
              { query: { query_string: { query: word } }, size: 0 },
              { now: CONTRACT_NOW_MS, profile: 'logzio' },
            );
            return (await store.search({ scope, request, receivedAtMostMs: null, after: null })).total;
          }),
        );
      const before = await totals();
      assert.deepEqual(before, [30, 60, 40, 90, 24, 30, 0, 0]);
      await store.countCommonWords();
      assert.deepEqual(await totals(), before);
    });

    it("reports the engine's memory and the load of each lane (idle between statements)", async () => {
      const bytes = await store.engineMemoryBytes(5_000);
      assert.ok(bytes !== undefined && bytes > 0, `MemoryTracking read (${String(bytes)})`);
      const idle = { running: 0, waiting: 0 };
      assert.deepEqual(store.statementLoad(), { interactive: idle, background: idle });
    });

    it('answers ping', async () => {
      await store.ping();
    });
  });
}
