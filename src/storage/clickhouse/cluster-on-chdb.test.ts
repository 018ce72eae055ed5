/**
 * The cluster layout (decision 0723) as far as chDB (26.7.2.1) can run it: no ClickHouse server installs here and
 * chDB opens no port, so nothing distributed can execute. What does run: every cluster statement is parsed by the
 * engine (`formatQuery`); with ON CLUSTER taken out (chDB refuses it: no DDL worker) the replicated local tables are
 * made against chDB's in-memory test Keeper with the `{shard}`/`{replica}` macros, and the Distributed tables over
 * a configured cluster; and what a Distributed table refuses (mutations, OPTIMIZE, part listings) is shown on one.
 * Inserting into a replicated table (its replica stays read-only in chDB) and reading a Distributed table (it
 * connects to port 9000) cannot run here.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Session } from 'chdb';
import { clusterDdl, localTableOf, SHARDING_KEYS } from './ddl.js';
import { catalogDeleteSql } from './field-catalog.js';
import { killSql } from './http-transport.js';
import { FIELD_TABLE, LOG_COLUMNS, LOG_TABLE, VALUE_TABLE } from './log-table-schema.js';
import { sqlString } from './sql-literals.js';
import { CLUSTER_TABLES_FOUND_SQL, clusterLayout, SINGLE_SERVER_LAYOUT } from './store-layout.js';
import { answeringRun } from './search/statement-answers.js';
import { PendingAnswers } from './search/compile/pending-answers.js';
import { createTokenDictionaryCache } from './search/dictionary-answers.js';
import { createFewValueAnswerCache } from './search/few-value-answers.js';
import { createAbsentTokenState } from './search/absent-tokens.js';
import { dictionaryPatternSql } from './search/compile/token-dictionary.js';

const CLUSTER = 'logs_cluster';
const DATABASE = 'logward';
const ON_CLUSTER = ` ON CLUSTER \`${CLUSTER}\``;

// An in-memory Keeper, the macros each server of a real cluster has, and a two-shard cluster (for the DDL only).
const CONFIG = `<clickhouse>
  <zookeeper><implementation>testkeeper</implementation></zookeeper>
  <macros><shard>01</shard><replica>replica-a</replica></macros>
  <remote_servers><${CLUSTER}>
    <shard><internal_replication>true</internal_replication><replica><host>127.0.0.1</host><port>9000</port></replica></shard>
    <shard><internal_replication>true</internal_replication><replica><host>127.0.0.2</host><port>9000</port></replica></shard>
  </${CLUSTER}></remote_servers>
</clickhouse>`;

describe('the ClickHouse cluster layout on chDB (decision 0723)', () => {
  let dir: string;
  let session: Session;
  const query = async (sql: string): Promise<Record<string, unknown>[]> => {
    const text = (await session.queryAsync(`${sql} FORMAT JSONEachRow`)).text();
    return text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  };
  const refusal = async (sql: string): Promise<string> => {
    try {
      await session.queryAsync(sql);
    } catch (error) {
      return String(error instanceof Error ? error.message : error);
    }
    throw new Error(`the engine accepted: ${sql}`);
  };
  const parses = async (sql: string): Promise<void> => {
    const [row] = await query(`SELECT formatQuery(${sqlString(sql)}) AS f`);
    assert.equal(typeof row?.f, 'string', sql);
  };
  const statements = clusterDdl({ cluster: CLUSTER, database: DATABASE });

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-cluster-'));
    fs.writeFileSync(path.join(dir, 'config.xml'), CONFIG);
    session = new Session(path.join(dir, 'data'), { connectionArgs: [`--config-file=${path.join(dir, 'config.xml')}`] });
  });
  after(async () => {
    // A replicated table left attached keeps chDB's close waiting on its Keeper session.
    for (const table of [LOG_TABLE, FIELD_TABLE, VALUE_TABLE].map((t) => localTableOf(t.name)))
      await session.queryAsync(`DROP TABLE IF EXISTS ${DATABASE}.${table} SYNC`).catch(() => undefined);
    session.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('parses every cluster statement the store sends, ON CLUSTER included', async () => {
    assert.ok(statements.every((statement) => statement.includes(ON_CLUSTER)));
    const layout = clusterLayout(CLUSTER);
    const sent = [
      ...statements,
      `DELETE FROM ${layout.mutationTarget(LOG_TABLE.name)} WHERE account = 7 AND ts < fromUnixTimestamp64Milli(0)`,
      catalogDeleteSql(layout.mutationTarget(FIELD_TABLE.name), 7),
      catalogDeleteSql(layout.mutationTarget(VALUE_TABLE.name), 7),
      `ALTER TABLE ${layout.mutationTarget(LOG_TABLE.name)} ADD INDEX i x TYPE bloom_filter(0.01) GRANULARITY 4`,
      `ALTER TABLE ${layout.mutationTarget(LOG_TABLE.name)} MATERIALIZE INDEX i`,
      `ALTER TABLE \`logs\`${ON_CLUSTER} ADD COLUMN IF NOT EXISTS c UInt8 AFTER message`,
      killSql('tag-1', CLUSTER),
    ];
    for (const sql of sent) await parses(sql);
    assert.equal(layout.mutationTarget('logs'), `\`logs_local\`${ON_CLUSTER}`);
    assert.equal(SINGLE_SERVER_LAYOUT.mutationTarget('logs'), '`logs`');
    // One server keeps the KILL it always sent; a cluster's goes to every server.
    assert.equal(killSql('t'), "KILL QUERY WHERE query_id = 't' OR Settings['log_comment'] = 't' ASYNC");
    assert.equal(killSql('t', CLUSTER), `KILL QUERY${ON_CLUSTER} WHERE query_id = 't' OR Settings['log_comment'] = 't' ASYNC`);
    assert.deepEqual(layout.insertSettings, { distributed_foreground_insert: 1 });
    assert.equal(layout.tables.wordCounts, null);
  });

  it('refuses ON CLUSTER itself: chDB has no DDL worker, so the rest runs without it', async () => {
    assert.match(await refusal(statements[0] ?? ''), /Replicated DDL queries are disabled/);
  });

  it('makes the replicated local tables on Keeper paths from the macros, and the Distributed tables over them', async () => {
    for (const statement of statements) await session.queryAsync(statement.replace(ON_CLUSTER, ''));
    const replicas = await query(
      `SELECT table, zookeeper_path, replica_name FROM system.replicas WHERE database = '${DATABASE}' ORDER BY table`,
    );
    assert.deepEqual(replicas, [
      { table: 'log_fields_local', zookeeper_path: `/clickhouse/tables/01/${DATABASE}/log_fields_local`, replica_name: 'replica-a' },
      { table: 'log_values_local', zookeeper_path: `/clickhouse/tables/01/${DATABASE}/log_values_local`, replica_name: 'replica-a' },
      { table: 'logs_local', zookeeper_path: `/clickhouse/tables/01/${DATABASE}/logs_local`, replica_name: 'replica-a' },
    ]);
    const tables = await query(
      `SELECT name, engine_full FROM system.tables WHERE database = '${DATABASE}' AND engine = 'Distributed' ORDER BY name`,
    );
    assert.deepEqual(
      tables.map((t) => [t.name, /, ([^,]+)\)$/.exec(String(t.engine_full))?.[1]]),
      [
        ['log_fields', SHARDING_KEYS.catalogs],
        ['log_values', SHARDING_KEYS.catalogs],
        ['logs', SHARDING_KEYS.logs],
      ],
    );
    // The same columns above and below, and the local table keeps every index, the projection and the TTL.
    const columns = async (table: string) =>
      (await query(`SELECT name, type FROM system.columns WHERE database = '${DATABASE}' AND table = '${table}' ORDER BY position`)).map(
        (c) => `${String(c.name)} ${String(c.type)}`,
      );
    assert.deepEqual(await columns('logs'), await columns('logs_local'));
    assert.equal((await columns('logs_local')).length, LOG_COLUMNS.length);
    const [local] = await query(`SELECT create_table_query AS q FROM system.tables WHERE database = '${DATABASE}' AND name = 'logs_local'`);
    const create = String(local?.q);
    for (const piece of [
      'INDEX message_text',
      'INDEX fields_pairs',
      'PROJECTION day_counts',
      'TTL toDateTime(ts)',
      "lightweight_mutation_projection_mode = 'rebuild'",
    ])
      assert.ok(create.includes(piece), piece);
    assert.doesNotMatch(create, /non_replicated_deduplication_window/);
    // What a starting process reads before it sends the ON CLUSTER statements again (it skips them when all are here).
    await session.queryAsync(`USE ${DATABASE}`);
    assert.deepEqual(await query(CLUSTER_TABLES_FOUND_SQL), [{ db: DATABASE, found: 6 }]);
  });

  it('shows why mutations and part reads must not name the Distributed table', async () => {
    const logs = `${DATABASE}.logs`;
    assert.match(await refusal(`DELETE FROM ${logs} WHERE account = 1`), /DELETE query is not supported/);
    assert.match(await refusal(`ALTER TABLE ${logs} DELETE WHERE account = 1`), /doesn't support mutations/);
    assert.match(await refusal(`OPTIMIZE TABLE ${logs} FINAL`), /optimize is not supported/);
    assert.match(
      await refusal(`SELECT count() FROM mergeTreeTextIndex('${DATABASE}', 'logs', 'message_text')`),
      /There is no index with name 'message_text'/,
    );
    // A column added by an upgrade is added to the Distributed table as well: that ALTER it takes.
    await session.queryAsync(`ALTER TABLE ${logs} ADD COLUMN IF NOT EXISTS upgrade_probe UInt8 AFTER message`);
    await session.queryAsync(`ALTER TABLE ${logs} DROP COLUMN upgrade_probe`);
    // A part listing of the Distributed table is empty on every server: the answers read from parts have nothing.
    const [parts] = await query(`SELECT count() AS n FROM system.parts WHERE database = '${DATABASE}' AND table = 'logs'`);
    assert.equal(Number(parts?.n), 0);
    // The replica is read-only in chDB (no interserver port, no replication queue): inserts cannot be tried here.
    assert.match(
      await refusal(`INSERT INTO ${DATABASE}.logs_local (account, id) SETTINGS insert_keeper_max_retries = 0 VALUES (1, 'a')`),
      /readonly/,
    );
  });

  it('turns the answers read from parts off where the parts are elsewhere: no system.parts, no dictionary read', async () => {
    const sent: string[] = [];
    const pending = new PendingAnswers();
    const run = answeringRun({
      table: 'logs',
      scopeBounds: 'account = 1',
      pending,
      run: (sql) => {
        sent.push(sql);
        return Promise.resolve([]);
      },
      caches: {
        tokenDictionaries: createTokenDictionaryCache(),
        fewValues: createFewValueAnswerCache(),
        absentTokens: createAbsentTokenState(),
        partsHere: false,
      },
    });
    const index = { name: 'message_text', exact: 'all' as const, tokens: "tokens(lower(message), 'asciiCJK')" };
    const pattern = dictionaryPatternSql(
      pending,
      index,
      (token) => `startsWith(${token}, 'tim')`,
      "arrayExists(t -> startsWith(t, 'tim'), tokens(lower(message), 'asciiCJK'))",
    );
    await run(`SELECT count() FROM logs WHERE account = 1 AND ${pattern}`);
    assert.deepEqual(sent, [
      "SELECT count() FROM logs WHERE account = 1 AND (arrayExists(t -> startsWith(t, 'tim'), tokens(lower(message), 'asciiCJK')))",
    ]);
  });
});
