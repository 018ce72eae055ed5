import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { openChdbTransport } from './chdb-transport.js';
import { singleNodeDdl } from './ddl.js';
import { FIELDS_TOKENS_SQL, MESSAGE_PAIRS_SQL, WORD_COUNT_TABLE } from './log-table-schema.js';
import { upgradeLogTable } from './schema-upgrade.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-upgrade-'));
const transport = openChdbTransport({
  path: dir,
  memoryBytes: 1_000_000_000,
  querySessions: 1,
  limits: { maxExecutionSeconds: 20, maxMemoryBytes: 500_000_000 },
});
after(async () => {
  await transport.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('upgradeLogTable', () => {
  it('adds message_plain, the pair index and the day counts, and rebuilds a text index made with another tokenizer, keeping the rows', async () => {
    const current = singleNodeDdl()[0] ?? '';
    // The table as the first release created it.
    const older = current
      .replace(/\n {2}`message_plain` UInt8,/, '')
      .replace(/\n {2}`fields_plain` [^\n]*,/, '')
      .replace(/\n {2}`field_pairs` [^\n]*,/, '')
      .replace(/\n {2}INDEX `fields_text` [^\n]*/, '')
      .replace(/\n {2}INDEX `fields_pairs` [^\n]*/, '')
      .replace(
        "INDEX `message_text` tokens(lower(message), 'asciiCJK') TYPE text(tokenizer = 'array', posting_list_codec = 'bitpacking')",
        'INDEX `message_text` lower(message) TYPE text(tokenizer = splitByNonAlpha)',
      )
      .replace(/\n {2}INDEX `message_pairs` [^\n]*/, '')
      .replace(/,\n {2}PROJECTION [^\n]*/, '')
      .replace(", lightweight_mutation_projection_mode = 'rebuild'", '');
    assert.notEqual(older, current);
    await transport.exec(older);
    // The catalogs, as the store creates them before it upgrades the log table.
    for (const statement of singleNodeDdl().slice(1)) await transport.exec(statement);
    await transport.exec(
      "INSERT INTO logs (account, ts, id, type, message, retention_days, f_host, str, num) VALUES (1, now64(3), 'a', 't', 'read java.net.SocketTimeoutException', 30, NULL, map('user', 'bob'), map()), " +
        "(1, now64(3), 'b', 't', 'x', 30, 'web one', map('city', 'Zürich'), map()), (1, now64(3), 'c', 't', 'y', 30, NULL, map(), map('temp', -7))",
    );

    await upgradeLogTable(transport);
    await upgradeLogTable(transport);

    const columns = await transport.query<{ name: string }>(
      "SELECT name FROM system.columns WHERE table = 'logs' AND name = 'message_plain'",
    );
    assert.equal(columns.length, 1);
    const indexes = await transport.query<{ name: string; expr: string; type_full: string }>(
      "SELECT name, expr, type_full FROM system.data_skipping_indices WHERE table = 'logs' AND name LIKE 'message%' ORDER BY name",
    );
    const type = "text(tokenizer = 'array', posting_list_codec = 'bitpacking')";
    assert.deepEqual(indexes, [
      { name: 'message_pairs', expr: MESSAGE_PAIRS_SQL, type_full: type },
      { name: 'message_text', expr: "tokens(lower(message), 'asciiCJK')", type_full: type },
    ]);
    // Old rows say 0 (not known to be plain): the compiler then checks their text exactly.
    const rows = await transport.query<{ message_plain: number; hit: number }>(
      "SELECT message_plain, has(tokens(lower(message), 'asciiCJK'), 'java.net.sockettimeoutexception') AS hit FROM logs ORDER BY id",
    );
    assert.deepEqual(rows, [
      { message_plain: 0, hit: 1 },
      { message_plain: 0, hit: 0 },
      { message_plain: 0, hit: 0 },
    ]);
    // Rows stored before fields_plain get it from their fields (0 where any is not plain), and the all-fields index.
    const fields = await transport.query<{ id: string; fields_plain: number; hit: number }>(
      `SELECT id, fields_plain, has(${FIELDS_TOKENS_SQL}, 'bob') AS hit FROM logs ORDER BY id`,
    );
    assert.deepEqual(fields, [
      { id: 'a', fields_plain: 1, hit: 1 },
      { id: 'b', fields_plain: 0, hit: 0 },
      // A negative number's token is not the number (`-7` → `7`).
      { id: 'c', fields_plain: 0, hit: 0 },
    ]);
    // The all-fields index leaves the columns of few values out: their values stored before are in the catalog.
    const web = await transport.query<{ id: string }>(`SELECT id FROM logs WHERE has(${FIELDS_TOKENS_SQL}, 'web')`);
    assert.deepEqual(web, []);
    const values = await transport.query<{ account: number; field: string; value: string; overflow: number }>(
      'SELECT account, field, value, overflow FROM log_values ORDER BY field, value',
    );
    assert.deepEqual(values, [{ account: 1, field: 'host', value: 'web one', overflow: 0 }]);
    // Rows stored before ingest wrote field_pairs get their fields' word pairs from the column's default.
    const pairs = await transport.query<{ id: string }>("SELECT id FROM logs WHERE has(field_pairs, 'web one') ORDER BY id");
    assert.deepEqual(pairs, [{ id: 'b' }]);
    const all = await transport.query<{ name: string }>(
      "SELECT name FROM system.data_skipping_indices WHERE table = 'logs' AND name LIKE 'fields_%' ORDER BY name",
    );
    assert.deepEqual(all, [{ name: 'fields_pairs' }, { name: 'fields_text' }]);
    const projections = await transport.query<{ name: string }>("SELECT name FROM system.projections WHERE table = 'logs'");
    assert.deepEqual(projections, [{ name: 'day_counts' }]);
    // Built for the part written before it, and rebuilt by a lightweight DELETE (refused without the setting).
    const built = async () =>
      (
        await transport.query<{ n: number }>(
          "SELECT count() AS n FROM system.projection_parts WHERE table = 'logs' AND name = 'day_counts' AND active",
        )
      )[0]?.n;
    // The build is a background mutation: wait for it (a few ms here), not for a fixed time.
    for (let tries = 0; tries < 100 && (await built()) !== 1; tries += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(await built(), 1);
    await transport.exec("DELETE FROM logs WHERE id IN ('a', 'b', 'c')", { mutations_sync: 2, lightweight_deletes_sync: 2 });
  });

  it('makes the word counts table anew when its columns changed, as they are made again from the logs', async () => {
    await transport.exec('DROP TABLE IF EXISTS log_word_counts SYNC');
    await transport.exec(
      "CREATE TABLE log_word_counts (account UInt32, field LowCardinality(String), word String, part String, hour DateTime('UTC'), logs UInt64) " +
        'ENGINE = MergeTree ORDER BY (account, field, word, part, hour)',
    );
    await transport.exec("INSERT INTO log_word_counts VALUES (1, '*', 'http', 'all_1_1_0@1', 0, 7)");
    await upgradeLogTable(transport);
    const columns = await transport.query<{ name: string }>(
      "SELECT name FROM system.columns WHERE table = 'log_word_counts' ORDER BY position",
    );
    assert.deepEqual(
      columns.map((column) => column.name),
      WORD_COUNT_TABLE.columns.map((column) => column.name),
    );
    const [rows] = await transport.query<{ n: number }>('SELECT count() AS n FROM log_word_counts');
    assert.equal(Number(rows?.n), 0);
    // A table of the current columns keeps its rows.
    await transport.exec("INSERT INTO log_word_counts VALUES (1, '*', 'http', 'all_1_1_0@1', 0, 0, 0, 0, 0, 7, 0)");
    await upgradeLogTable(transport);
    const [kept] = await transport.query<{ n: number }>('SELECT count() AS n FROM log_word_counts');
    assert.equal(Number(kept?.n), 1);
  });
});
