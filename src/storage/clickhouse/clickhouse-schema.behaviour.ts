/**
 * What the query compiler relies on (docs/log-schema.md): where values land, that the addressing
 * expressions of field-sql.ts find them, `_source` fidelity and the text index semantics. Run by the
 * test file of each transport against a real engine.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDocument } from '../conformance/log-store.contract.js';
import type { CatalogField, LogStore } from '../log-store.js';
import { MAX_CATALOG_FIELDS_PER_ACCOUNT } from './field-catalog.js';
import { arraySql, dateMsSql, existsSql, keywordSql, scalarSql, storedKindsOf } from './field-sql.js';
import { SOURCE_SELECT_SQL, sourceOfRow, type StoredSourceRow } from './source-of-row.js';
import { sqlString } from './sql-literals.js';
import { FIELD_PAIRS_COLUMN, FIELDS_TOKENS_SQL, MESSAGE_PAIRS_SQL, MESSAGE_PLAIN_COLUMN, MESSAGE_TOKENS_SQL } from './log-table-schema.js';
import { isStatementCancelled, type ClickHouseTransport, type QuerySettings } from './transport.js';

export interface ClickHouseStoreUnderTest {
  readonly store: LogStore;
  readonly transport: ClickHouseTransport;
  dispose(): Promise<void>;
}

const KEEP = () => 3650;

export function clickHouseSchemaBehaviour(name: string, open: () => Promise<ClickHouseStoreUnderTest>): void {
  describe(`ClickHouse log schema: ${name}`, () => {
    let subject: ClickHouseStoreUnderTest;
    const account = 901;
    const idsIn = async (accountId: number, where: string, settings: QuerySettings = {}) =>
      (
        await subject.transport.query<{ id: string }>(`SELECT id FROM logs WHERE account = ${accountId} AND ${where} ORDER BY id`, settings)
      ).map((row) => row.id);
    const ids = (where: string) => idsIn(account, where);
    const field = async (fieldName: string): Promise<CatalogField> => {
      const found = (await subject.store.fieldCatalog([account])).get(account)?.find((entry) => entry.name === fieldName);
      assert.ok(found, `catalog lists ${fieldName}`);
      return found;
    };

    before(async () => {
      subject = await open();
      await subject.store.append(
        [
          testDocument(
            account,
            { status: 500, host: 'web-1', 'user.id': 42, secure: true, tags: ['x', 7, true] },
            { id: 'a', message: 'GET /index.html timeout=30s', source: '{"nested":{"deep":[1,{"k":"v"}]},"status":500}' },
          ),
          testDocument(
            account,
            {
              status: '500',
              'user.id': 'u-42',
              tags: 'solo',
              ok: true,
              'order.amount': 9.5,
              bytes: 12,
              seen: '2026-11-21T10:00:00.500+01:00',
            },
            { id: 'b', message: 'Connection to db-1 refused' },
          ),
          testDocument(
            account,
            { status: 404, host: null, note: 'café straße', flag: false, mixed: [1, 'two', true], 'n.a.b': 2.5 },
            { id: 'c', message: undefined },
          ),
        ],
        { dedupToken: 'schema-1', retentionDaysOf: KEEP },
      );
    });
    after(async () => {
      await subject.store.close();
      await subject.dispose();
    });

    it('creates the tables it documents', async () => {
      const tables = await subject.transport.query<{ name: string; sorting_key: string; engine: string }>(
        "SELECT name, sorting_key, engine FROM system.tables WHERE database = currentDatabase() AND name IN ('logs', 'log_fields') ORDER BY name",
      );
      assert.deepEqual(tables, [
        { name: 'log_fields', sorting_key: 'account, name, type, in_array', engine: 'MergeTree' },
        { name: 'logs', sorting_key: 'account, ts', engine: 'MergeTree' },
      ]);
      const indexes = await subject.transport.query<{ name: string; expr: string }>(
        "SELECT name, expr FROM system.data_skipping_indices WHERE database = currentDatabase() AND table = 'logs' ORDER BY name",
      );
      assert.deepEqual(
        indexes.map((index) => index.expr),
        [FIELD_PAIRS_COLUMN, FIELDS_TOKENS_SQL, MESSAGE_PAIRS_SQL, MESSAGE_TOKENS_SQL, 'f_request_id'],
      );
    });

    it('puts each value where its own kind says, so conflicting values stay searchable', async () => {
      assert.deepEqual(await ids(`${scalarSql('status', 'number')} = 500`), ['a']);
      assert.deepEqual(await ids(`${scalarSql('status', 'string')} = '500'`), ['b']);
      const status = await field('status');
      assert.deepEqual(await ids(`${keywordSql('status', storedKindsOf(status))} = '500'`), ['a', 'b']);
      assert.deepEqual(await ids(`${scalarSql('user.id', 'number')} >= 40`), ['a']);
      assert.deepEqual(await ids(`${scalarSql('secure', 'boolean')} = true`), ['a']);
      assert.deepEqual(await ids(`has(${arraySql('tags')}, '7') AND has(${arraySql('tags')}, 'true')`), ['a']);
      assert.deepEqual(await ids(`${dateMsSql('seen')} = ${Date.UTC(2026, 10, 21, 9, 0, 0, 500)}`), ['b']);
      assert.deepEqual(await ids(`${scalarSql('tags', 'string')} = 'solo'`), ['b']);
    });

    it('reads missing values as NULL, so exists and averages ignore them', async () => {
      assert.deepEqual(await ids(existsSql(await field('host'))), ['a']);
      assert.deepEqual(await ids(existsSql(await field('tags'))), ['a', 'b']);
      const [row] = await subject.transport.query<{ average: number; counted: number }>(
        `SELECT avg(${scalarSql('user.id', 'number')}) AS average, count(${scalarSql('user.id', 'number')}) AS counted FROM logs WHERE account = ${account}`,
      );
      assert.deepEqual(row, { average: 42, counted: 1 });
    });

    it('returns _source exactly as given, or rebuilt with nested objects', async () => {
      const rows = (
        await subject.transport.query<StoredSourceRow>(`SELECT ${SOURCE_SELECT_SQL} FROM logs WHERE account = ${account} ORDER BY id`)
      ).map(sourceOfRow);
      assert.equal(rows[0], '{"nested":{"deep":[1,{"k":"v"}]},"status":500}');
      const rebuilt = JSON.parse(rows[1] ?? '{}') as Record<string, unknown>;
      assert.deepEqual(rebuilt, {
        '@timestamp': new Date(rebuilt['@timestamp'] as string).toISOString(),
        type: 'app',
        message: 'Connection to db-1 refused',
        status: '500',
        user: { id: 'u-42' },
        tags: 'solo',
        ok: true,
        order: { amount: 9.5 },
        bytes: 12,
        seen: '2026-11-21T10:00:00.500+01:00',
      });
      const { '@timestamp': _timestamp, ...third } = JSON.parse(rows[2] ?? '{}') as Record<string, unknown>;
      // An array of numbers/booleans cannot be rebuilt from its text elements, so this one was kept whole.
      assert.deepEqual(third, {
        type: 'app',
        status: 404,
        host: null,
        note: 'café straße',
        flag: false,
        mixed: [1, 'two', true],
        n: { a: { b: 2.5 } },
      });
    });

    it('puts engine-side limits on queries: time and memory stop the engine, not just the caller', async () => {
      await assert.rejects(
        subject.transport.query('SELECT count() FROM numbers(100000000000) WHERE sipHash64(number) = 0', {
          max_execution_time: 0.2,
          timeout_overflow_mode: 'throw',
        }),
        /TIMEOUT_EXCEEDED|timeout exceeded|159/i,
      );
      await assert.rejects(
        subject.transport.query('SELECT length(groupArray(toString(number))) FROM numbers(20000000)', { max_memory_usage: 20_000_000 }),
        /MEMORY_LIMIT_EXCEEDED|memory limit|241/i,
      );
      assert.deepEqual(await subject.transport.query('SELECT 1 AS one'), [{ one: 1 }]);
    });

    it('stops a statement in the engine when its signal aborts: gone from system.processes, its connection usable', async (context) => {
      const slow = 'SELECT count() FROM numbers(100000000000) WHERE sipHash64(number) = 0 AND 48 = 48';
      const running = (): Promise<{ n: number }[]> =>
        subject.transport.query<{ n: number }>(
          `SELECT count() AS n FROM system.processes WHERE query LIKE '%AND 48 = 48%' AND query NOT LIKE '%system.processes%'`,
        );
      const controller = new AbortController();
      const started = Date.now();
      const statement = subject.transport.query(slow, { max_execution_time: 20 }, { signal: controller.signal });
      // Running in the engine before the abort.
      for (let i = 0; i < 100 && (await running())[0]?.n !== 1; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal((await running())[0]?.n, 1, 'the statement runs in the engine');
      const aborted = Date.now();
      controller.abort();
      await assert.rejects(statement, (error: unknown) => isStatementCancelled(error));
      const settledMs = Date.now() - aborted;
      // Up to the bound asserted below: a loaded machine stretches the KILL past the quiet machine's ~1 s.
      for (let i = 0; i < 250 && (await running())[0]?.n !== 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      const goneMs = Date.now() - aborted;
      assert.equal((await running())[0]?.n, 0, 'the statement is gone from the engine');
      // The bar (1 s, bench:discover's cancel row) is measured on a quiet machine; a loaded one stretches the KILL.
      context.diagnostic(`gone from system.processes ${goneMs} ms after the abort (settled after ${settledMs} ms)`);
      assert.ok(goneMs < 5000, `gone ${goneMs} ms after the abort (settled after ${settledMs} ms, ran ${aborted - started} ms)`);
      // Aborted before it starts: never sent.
      await assert.rejects(subject.transport.query('SELECT 1', {}, { signal: AbortSignal.abort() }), (error: unknown) =>
        isStatementCancelled(error),
      );
      assert.deepEqual(await subject.transport.query('SELECT 1 AS one', {}, { signal: new AbortController().signal }), [{ one: 1 }]);
    });

    it('catalogues at most MAX_CATALOG_FIELDS_PER_ACCOUNT names per account, and still stores and finds the rest', async () => {
      const capped = 902;
      const docs = Array.from({ length: 101 }, (_, i) =>
        testDocument(capped, Object.fromEntries(Array.from({ length: 100 }, (_, j) => [`k${i}_${j}`, j]))),
      );
      await subject.store.append(docs, { dedupToken: 'cap-1', retentionDaysOf: KEEP });
      assert.equal((await subject.store.fieldCatalog([capped])).get(capped)?.length, MAX_CATALOG_FIELDS_PER_ACCOUNT);
      const [row] = await subject.transport.query<{ found: number }>(
        `SELECT count() AS found FROM logs WHERE account = ${capped} AND ${scalarSql('k100_99', 'number')} = 99`,
      );
      assert.deepEqual(row, { found: 1 });
    });

    it('finds words through the text index of message tokens whatever their case', async () => {
      assert.deepEqual(await ids(`has(${MESSAGE_TOKENS_SQL}, 'get')`), ['a']);
      // asciiCJK keeps `timeout=30s` apart at `=` and `java.net.X`-like runs whole, as the analyzer does.
      assert.deepEqual(await ids(`has(${MESSAGE_TOKENS_SQL}, 'timeout')`), ['a']);
      assert.deepEqual(await ids(`hasAll(${MESSAGE_TOKENS_SQL}, ['connection', 'refused'])`), ['b']);
      assert.deepEqual(await ids(`hasAny(${MESSAGE_TOKENS_SQL}, ['timeout', 'refused'])`), ['a', 'b']);
      assert.deepEqual(await ids(`hasPhrase(lower(message), 'db-1 refused', 'asciiCJK')`), ['b']);
      assert.deepEqual(await ids(`${scalarSql('note', 'string')} = ${sqlString('café straße')}`), ['c']);
    });

    it('gives the same text matches with and without the index, for full rows too (chdb-notes §5)', async () => {
      for (const useIndex of [0, 1]) {
        const rows = await subject.transport.query<{ id: string; message: string }>(
          `SELECT * FROM logs WHERE account = ${account} AND has(${MESSAGE_TOKENS_SQL}, 'get') ORDER BY ts DESC LIMIT 50`,
          { use_skip_indexes: useIndex, use_query_condition_cache: 0 },
        );
        assert.deepEqual(
          rows.map((row) => [row.id, row.message]),
          [['a', 'GET /index.html timeout=30s']],
          `use_skip_indexes=${useIndex}`,
        );
      }
      const [plan] = await subject.transport.query<{ explain: string }>(
        `SELECT explain FROM (EXPLAIN indexes = 1 SELECT id FROM logs WHERE account = ${account} AND has(${MESSAGE_TOKENS_SQL}, 'get')) WHERE explain LIKE '%message_text%'`,
      );
      assert.ok(plan, 'the plan uses the message_text index');
    });

    it('holds adjacent word pairs in the pair index, answering two-word phrases from it, with or without the index', async () => {
      for (const useIndex of [0, 1]) {
        const settings = { use_skip_indexes: useIndex, use_query_condition_cache: 0 };
        const pairIds = (pair: string) => idsIn(account, `has(${MESSAGE_PAIRS_SQL}, ${sqlString(pair)})`, settings);
        assert.deepEqual(await pairIds('connection refused'), [], `use_skip_indexes=${useIndex}`);
        assert.deepEqual(await pairIds('to db'), ['b'], `use_skip_indexes=${useIndex}`);
        // Pairs with a token holding digits are not kept: phrases with numbers take the exact check instead.
        assert.deepEqual(await pairIds('db 1'), [], `use_skip_indexes=${useIndex}`);
      }
      const [plan] = await subject.transport.query<{ explain: string }>(
        `SELECT explain FROM (EXPLAIN indexes = 1 SELECT id FROM logs WHERE account = ${account} AND has(${MESSAGE_PAIRS_SQL}, 'to db')) WHERE explain LIKE '%message_pairs%'`,
      );
      assert.ok(plan, 'the plan uses the message_pairs index');
    });

    it('holds the word pairs of each other value in the fields pair index, none across values or held by the message', async () => {
      const other = account + 1;
      await subject.store.append(
        [
          testDocument(
            other,
            { reason: 'connection refused by peer', hops: ['gateway', 'timeout'], site: 'web one', host: 'web two', copy: 'refused the' },
            { id: 'p', message: 'refused the connection' },
          ),
          // No value, and a value of one token: fewer tokens than a pair (the expression pads them).
          testDocument(other, {}, { id: 'q', message: 'connection refused' }),
          testDocument(other, { level: 'solo' }, { id: 'r', message: 'solo' }),
        ],
        { dedupToken: 'schema-pairs', retentionDaysOf: KEEP },
      );
      for (const useIndex of [0, 1]) {
        const settings = { use_skip_indexes: useIndex, use_query_condition_cache: 0 };
        const pairIds = (pair: string) => idsIn(other, `has(${FIELD_PAIRS_COLUMN}, ${sqlString(pair)})`, settings);
        assert.deepEqual(await pairIds('connection refused'), ['p'], `use_skip_indexes=${useIndex}`);
        assert.deepEqual(await pairIds('web one'), ['p'], `use_skip_indexes=${useIndex}`);
        // Across two array elements, two fields, or a pair the message holds (it matches there): not held.
        assert.deepEqual(await pairIds('gateway timeout'), [], `use_skip_indexes=${useIndex}`);
        assert.deepEqual(await pairIds('peer gateway'), [], `use_skip_indexes=${useIndex}`);
        // A column of few values: its listed values answer a phrase (decision 0196).
        assert.deepEqual(await pairIds('web two'), [], `use_skip_indexes=${useIndex}`);
        assert.deepEqual(await pairIds('refused the'), [], `use_skip_indexes=${useIndex}`);
      }
      const [plan] = await subject.transport.query<{ explain: string }>(
        `SELECT explain FROM (EXPLAIN indexes = 1 SELECT id FROM logs WHERE account = ${other} AND has(${FIELD_PAIRS_COLUMN}, 'web one')) WHERE explain LIKE '%fields_pairs%'`,
      );
      assert.ok(plan, 'the plan uses the fields_pairs index');
    });

    it('marks as plain only the messages the index tokenizes as the analyzer does', async () => {
      const rows = await subject.transport.query<{ id: string; plain: number }>(
        `SELECT id, ${MESSAGE_PLAIN_COLUMN} AS plain FROM logs WHERE account = ${account} ORDER BY id`,
      );
      assert.deepEqual(
        rows.map((row) => [row.id, Number(row.plain)]),
        [
          ['a', 1],
          ['b', 1],
          ['c', 1],
        ],
      );
    });
  });
}
