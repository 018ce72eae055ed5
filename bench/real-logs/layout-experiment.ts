/**
 * `npm run bench:layout -- --data=<dir> [--runs=7 --insert-rows=100000 --json-paths=256 --buckets=32 --keep]`: issue 47's
 * layout experiment (decision 0790). Opens a directory bench:search loaded with the real-logs set (`--data`, e.g. after
 * `npm run bench:search -- --dataset=real --lines=1000000 --only=__none__ --data=<dir>`) and, beside its `logs`
 * table, builds side tables holding the same rows with the long tail of fields stored three ways:
 *  - `lay_map`: today's Maps (`str`, `num`, `bool`, `arr`, log-table-schema.ts), basic serialization;
 *  - `lay_buckets`: the same Maps with `map_serialization_version = 'with_buckets'` (a key reads one bucket of the map);
 *  - `lay_json`: one `fields JSON(max_dynamic_paths = N)` column instead of the four Maps (a path reads its own subcolumn);
 *  - `lay_json_typed`: the same with a `LowCardinality(Nullable(String))` type hint for each string-only field of few
 *    values in a tenth of the logs or more (what a catalog could choose), the other paths dynamic.
 *  - `lay_promoted`: today's Maps plus a `LowCardinality(Nullable(String))` column `p_<name>` for each of those fields,
 *    the value written to both (decision 0790's proposal: the Maps and their indexes stay as they are).
 * `--skip-inserts` leaves the insert rounds out, `--only=<text>` times the statements whose name holds it.
 * `--reuse` keeps side tables a previous `--keep` run left (their build times are then not measured again).
 * The side tables have today's other columns, order, granularity and codecs, but no skip index and no projection, so
 * they differ in the long tail alone (the field text indexes are written over the Maps; `logs` itself is measured
 * beside them, with its indexes). Prints, as Markdown tables: what the set's long tail holds, each build's time, the
 * disk of each table and of its long-tail columns, the cost of inserting the same JSONEachRow batches (20,000 rows,
 * as ingest sends them) into each layout and into a copy of today's full table (indexes and projection), alternated,
 * and the statements a long-tail field query makes, alternated across the tables, p50 of wall and process CPU time.
 * chDB runs in the process, so process.cpuUsage() around a statement is the engine's CPU (and a little of Node's).
 * `--keep` leaves the side tables in the directory (dropped otherwise).
 */
import os from 'node:os';
import path from 'node:path';
import { Session } from 'chdb';
import { LOG_COLUMNS, LOG_TABLE, MAP_COLUMNS } from '../../src/storage/clickhouse/log-table-schema.js';
import { REAL_NOW_MS } from './real-log-generator.js';

const argument = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;

const DAY_MS = 86_400_000;
const BATCH_ROWS = 20_000;
/** Every statement runs without the query condition cache, which makes a repeated predicate nearly free (chdb-notes §5). */
const NO_CACHE = 'SETTINGS use_query_condition_cache = 0';

type Layout = 'logs' | 'lay_map' | 'lay_buckets' | 'lay_json' | 'lay_json_typed' | 'lay_promoted';
type Side = Exclude<Layout, 'logs'>;
const SIDE: readonly Side[] = ['lay_map', 'lay_buckets', 'lay_json', 'lay_json_typed', 'lay_promoted'];
/** The column of a promoted field (lay_promoted): `p_` and the name with every other character than [A-Za-z0-9_] as `_`. */
const promotedColumn = (key: string): string => `p_${key.replace(/[^A-Za-z0-9_]/g, '_')}`;
const isJson = (layout: Layout): boolean => layout === 'lay_json' || layout === 'lay_json_typed';
/** A JSON path as SQL: each segment quoted, so `kubernetes.labels.pod-template-hash` is three levels. */
const jsonPath = (key: string): string =>
  key
    .split('.')
    .map((segment) => `\`${segment}\``)
    .join('.');
const MAP_NAMES: readonly string[] = Object.values(MAP_COLUMNS);

const loadAverage = (): string =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ');

const p50 = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

const quote = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

interface Measure {
  readonly ms: number;
  readonly cpuMs: number;
}

async function timed(run: () => Promise<unknown>): Promise<Measure> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await run();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

function main(): Promise<void> {
  const data = argument('data', '');
  if (data === '') throw new Error('--data=<a directory bench:search loaded with --dataset=real> is required');
  return experiment(data);
}

async function experiment(data: string): Promise<void> {
  const runs = Number(argument('runs', '7'));
  const insertRows = process.argv.includes('--skip-inserts') ? 0 : Number(argument('insert-rows', '100000'));
  const jsonPaths = Number(argument('json-paths', '256'));
  const buckets = Number(argument('buckets', '32'));
  const keep = process.argv.includes('--keep');
  const reuse = process.argv.includes('--reuse');
  const only = argument('only', '');
  const loadBefore = loadAverage();
  const session = new Session(path.join(data, 'logs'), { connectionArgs: ['--max_server_memory_usage=4000000000'] });
  const text = async (sql: string): Promise<string> => (await session.queryAsync(sql, { format: 'TSV' })).text();
  const rows = async (sql: string): Promise<string[][]> =>
    (await text(sql))
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => line.split('\t'));
  const one = async (sql: string): Promise<string> => (await rows(sql))[0]?.[0] ?? '';

  const account = await one('SELECT account FROM logs GROUP BY account ORDER BY count() DESC LIMIT 1');
  const from = `fromUnixTimestamp64Milli(${REAL_NOW_MS - DAY_MS}, 'UTC')`;
  const to = `fromUnixTimestamp64Milli(${REAL_NOW_MS}, 'UTC')`;
  const window = `account = ${account} AND ts >= ${from} AND ts <= ${to}`;
  const inWindow = Number(await one(`SELECT count() FROM logs WHERE ${window}`));
  const total = Number(await one('SELECT count() FROM logs'));
  console.log(`\n${total} logs, ${inWindow} of account ${account} in the last 24 h; load average ${loadBefore}`);

  // What the long tail holds: keys per log, distinct keys, the commonest.
  const perLog = await one(
    `SELECT round(avg(length(str) + length(num) + length(bool) + length(arr)), 1) FROM logs WHERE ${window} ${NO_CACHE}`,
  );
  const keys = await rows(
    `SELECT k, count() AS c FROM logs ARRAY JOIN arrayConcat(mapKeys(str), mapKeys(num), mapKeys(bool), mapKeys(arr)) AS k ` +
      `WHERE ${window} GROUP BY k ORDER BY c DESC`,
  );
  console.log(`Long tail: ${perLog} keys per log, ${keys.length} distinct keys in the window; commonest:`);
  console.log(
    keys
      .slice(0, 25)
      .map(([k, c]) => `${k} ${c}`)
      .join(', '),
  );

  // The fields the statements ask about, chosen from the data (the same on every run of the same set).
  const stringKeys = await rows(
    `SELECT k, count() AS c, uniq(v) AS u FROM logs ARRAY JOIN mapKeys(str) AS k, mapValues(str) AS v WHERE ${window} ` +
      `GROUP BY k ORDER BY c DESC`,
  );
  const service = stringKeys.some(([k]) => k === 'service') ? 'service' : (stringKeys[0]?.[0] ?? 'service');
  // Issue 47's example value when the set holds it, else the field's commonest.
  const serviceValue = await one(
    `SELECT v FROM (SELECT str[${quote(service)}] AS v, count() AS c FROM logs WHERE ${window} AND v IS NOT NULL GROUP BY v) ` +
      `ORDER BY v = 'blog-web' DESC, c DESC LIMIT 1`,
  );
  // A field of many values in a tenth of the logs or more, and one of its values held by a handful of logs.
  const rareKey =
    [...stringKeys].filter(([, c]) => Number(c) >= inWindow / 10).sort((a, b) => Number(b[2]) - Number(a[2]))[0]?.[0] ?? service;
  const rareValue = await one(
    `SELECT v FROM (SELECT str[${quote(rareKey)}] AS v, count() AS c FROM logs WHERE ${window} AND v IS NOT NULL GROUP BY v) ` +
      `WHERE c BETWEEN 2 AND 5 ORDER BY v LIMIT 1`,
  );
  // A field in some logs only: `exists` counts them.
  const existsKey =
    stringKeys.find(([, c]) => Number(c) >= inWindow * 0.05 && Number(c) <= inWindow * 0.5)?.[0] ?? stringKeys[5]?.[0] ?? service;
  // Type hints a catalog could choose: string-only fields (in no other map) of few values, in a tenth of the logs.
  const typedKeys = stringKeys
    .filter(([k, c, u]) => Number(c) >= inWindow / 10 && Number(u) <= 1000 && keys.find(([key]) => key === k)?.[1] === c)
    .map(([k]) => k ?? '');
  console.log(`Typed paths of lay_json_typed: ${typedKeys.join(', ')}`);
  const hotValue = await one(
    `SELECT f_host AS v FROM logs WHERE ${window} AND v IS NOT NULL GROUP BY v ORDER BY count() DESC LIMIT 1 OFFSET 3`,
  );
  console.log(
    `Asked: ${service} = ${serviceValue}; rare: ${rareKey} = ${rareValue}; exists: ${existsKey}; terms: top 10 of ${service}; hot column: f_host = ${hotValue}`,
  );

  // The side tables.
  // Without DEFAULTs (written over the maps, and every row has its values): the side tables differ in the long tail only.
  const base = LOG_COLUMNS.filter((column) => !MAP_NAMES.includes(column.name)).map((column) => ({
    name: column.name,
    sqlType: column.sqlType.includes(' DEFAULT ')
      ? `${column.sqlType.split(' DEFAULT ')[0] ?? ''}${column.sqlType.endsWith(' CODEC(ZSTD(1))') ? ' CODEC(ZSTD(1))' : ''}`
      : column.sqlType,
  }));
  const mapColumns = LOG_COLUMNS.filter((column) => MAP_NAMES.includes(column.name));
  const json = (hints: readonly string[]) =>
    `fields JSON(max_dynamic_paths = ${jsonPaths}${hints.map((k) => `, ${jsonPath(k)} LowCardinality(Nullable(String))`).join('')}) ` +
    'CODEC(ZSTD(1)) SETTINGS (min_compress_block_size = 8192, max_compress_block_size = 65536)';
  const settings = (extra: string): string =>
    `SETTINGS index_granularity = ${LOG_TABLE.settings.index_granularity}, non_replicated_deduplication_window = 1000${extra}`;
  const bucketSettings =
    `, map_serialization_version = 'with_buckets', map_serialization_version_for_zero_level_parts = 'with_buckets', ` +
    `map_buckets_strategy = 'constant', max_buckets_in_map = ${buckets}, map_buckets_min_avg_size = 0`;
  const ddl = (table: string, columns: readonly string[], extra: string): string =>
    `CREATE TABLE ${table} (${columns.join(', ')}) ENGINE = MergeTree ORDER BY ${LOG_TABLE.orderBy} ${settings(extra)}`;
  const mapCols = [...base, ...mapColumns].map((c) => `${c.name} ${c.sqlType}`);
  const jsonCols = (hints: readonly string[]) => [...base.map((c) => `${c.name} ${c.sqlType}`), json(hints)];
  const tables: Record<Side, string> = {
    lay_map: ddl('lay_map', mapCols, ''),
    lay_buckets: ddl('lay_buckets', mapCols, bucketSettings),
    lay_json: ddl('lay_json', jsonCols([]), ''),
    lay_json_typed: ddl('lay_json_typed', jsonCols(typedKeys), ''),
    lay_promoted: ddl('lay_promoted', [...mapCols, ...typedKeys.map((k) => `${promotedColumn(k)} LowCardinality(Nullable(String))`)], ''),
  };
  const pair = (map: string) => `arrayMap((k, v) -> concat(toJSONString(k), ':', toJSONString(v)), mapKeys(${map}), mapValues(${map}))`;
  // The maps as one JSON object, as ingest would write it (the engine parses it, as it would a JSONEachRow row).
  const jsonOfMaps = `concat('{', arrayStringConcat(arrayConcat(${MAP_NAMES.map(pair).join(', ')}), ','), '}')`;
  const baseNames = base.map((c) => c.name).join(', ');
  const fill: Record<Side, string> = {
    lay_map: `INSERT INTO lay_map SELECT ${baseNames}, ${MAP_NAMES.join(', ')} FROM logs`,
    lay_buckets: `INSERT INTO lay_buckets SELECT ${baseNames}, ${MAP_NAMES.join(', ')} FROM logs`,
    lay_json: `INSERT INTO lay_json SELECT ${baseNames}, ${jsonOfMaps} FROM logs`,
    lay_json_typed: `INSERT INTO lay_json_typed SELECT ${baseNames}, ${jsonOfMaps} FROM logs`,
    lay_promoted:
      `INSERT INTO lay_promoted SELECT ${baseNames}, ${MAP_NAMES.join(', ')}` +
      `${typedKeys.map((k) => `, str[${quote(k)}]`).join('')} FROM logs`,
  };
  const builds: string[] = [];
  for (const table of SIDE) {
    const exists = Number(await one(`SELECT count() FROM system.tables WHERE database = currentDatabase() AND name = '${table}'`)) === 1;
    if (reuse && exists && Number(await one(`SELECT count() FROM ${table}`)) === total) {
      builds.push(`| ${table} | (reused) | | | |`);
      continue;
    }
    await session.queryAsync(`DROP TABLE IF EXISTS ${table} SYNC`);
    await session.queryAsync(tables[table]);
    const insert = await timed(() => session.queryAsync(fill[table]));
    const optimize = await timed(() => session.queryAsync(`OPTIMIZE TABLE ${table} FINAL`));
    builds.push(
      `| ${table} | ${(insert.ms / 1000).toFixed(1)} | ${(insert.cpuMs / 1000).toFixed(1)} | ${(optimize.ms / 1000).toFixed(1)} | ${(optimize.cpuMs / 1000).toFixed(1)} |`,
    );
    console.log(`built ${table} in ${((insert.ms + optimize.ms) / 1000).toFixed(1)} s`);
  }
  const paths = await rows(
    'SELECT length(groupUniqArrayArray(JSONDynamicPaths(fields))), length(groupUniqArrayArray(JSONSharedDataPaths(fields))) FROM lay_json',
  );
  console.log(`lay_json: ${paths[0]?.[0]} paths as subcolumns of their own, ${paths[0]?.[1]} in shared data`);

  // Disk: whole tables, and their long-tail columns.
  const disk = await rows(
    `SELECT table, sum(rows), count(), round(sum(bytes_on_disk) / 1e6, 1) FROM system.parts WHERE active AND database = currentDatabase() ` +
      `AND table IN ('logs', ${SIDE.map(quote).join(', ')}) GROUP BY table ORDER BY table`,
  );
  const columnDisk = await rows(
    `SELECT table, round(sum(column_data_compressed_bytes) / 1e6, 1), round(sum(column_data_uncompressed_bytes) / 1e6, 1) ` +
      `FROM system.parts_columns WHERE active AND database = currentDatabase() AND table IN ('logs', ${SIDE.map(quote).join(', ')}) ` +
      `AND (column IN (${[...MAP_NAMES, 'fields'].map(quote).join(', ')}) OR startsWith(column, 'p_')) GROUP BY table ORDER BY table`,
  );
  const files = await rows(
    `SELECT table, sum(length(subcolumns.names)) FROM system.parts_columns WHERE active AND database = currentDatabase() ` +
      `AND table IN (${SIDE.map(quote).join(', ')}) AND column IN (${[...MAP_NAMES, 'fields'].map(quote).join(', ')}) GROUP BY table ORDER BY table`,
  );

  // Ingest proxy: the same rows as JSONEachRow batches of 20,000, into an empty table of each layout, alternated.
  const batches = async (table: 'lay_map' | 'lay_json' | 'lay_promoted'): Promise<Buffer[]> => {
    const out: Buffer[] = [];
    for (let offset = 0; offset < insertRows; offset += BATCH_ROWS) {
      // Int64 values of JSON paths unquoted, so they are read back as numbers.
      const sql =
        `SELECT * FROM ${table} WHERE ${window} ORDER BY ts, id LIMIT ${BATCH_ROWS} OFFSET ${offset} ` +
        'SETTINGS output_format_json_quote_64bit_integers = 0';
      // Ingest leaves a field a log lacks out of its row (row-encoder.ts): so do these rows, for the promoted columns.
      const text = (await session.queryAsync(sql, { format: 'JSONEachRow' })).text();
      out.push(Buffer.from(table === 'lay_promoted' ? text.replace(/,"p_[A-Za-z0-9_]*":null/g, '') : text));
    }
    return out;
  };
  const mapBatches = await batches('lay_map');
  const jsonBatches = await batches('lay_json');
  const promotedBatches = await batches('lay_promoted');
  const targets = [
    { table: 'ins_map', like: 'lay_map', batches: mapBatches },
    { table: 'ins_buckets', like: 'lay_buckets', batches: mapBatches },
    { table: 'ins_json', like: 'lay_json', batches: jsonBatches },
    { table: 'ins_json_typed', like: 'lay_json_typed', batches: jsonBatches },
    { table: 'ins_promoted', like: 'lay_promoted', batches: promotedBatches },
    // Today's table whole: its text indexes, bloom filter and projection are most of an insert's cost.
    { table: 'ins_full', like: 'logs', batches: mapBatches },
  ] as const;
  for (const target of targets) {
    await session.queryAsync(`DROP TABLE IF EXISTS ${target.table} SYNC`);
    await session.queryAsync(`CREATE TABLE ${target.table} AS ${target.like}`);
  }
  const inserts = new Map<string, Measure[]>();
  const insertRounds = insertRows === 0 ? 0 : Math.max(3, Math.ceil(runs / 2));
  console.log('inserting');
  for (let round = 0; round < insertRounds; round += 1) {
    for (let i = 0; i < targets.length; i += 1) {
      const target = targets[(i + round) % targets.length];
      if (target === undefined) continue;
      await session.queryAsync(`TRUNCATE TABLE ${target.table} SYNC`);
      const measure = await timed(async () => {
        for (const values of target.batches) await session.insert({ table: target.table, values, format: 'JSONEachRow' });
      });
      inserts.set(target.table, [...(inserts.get(target.table) ?? []), measure]);
    }
  }
  const batchMb = (list: readonly Buffer[]) => (list.reduce((n, b) => n + b.length, 0) / 1e6).toFixed(0);

  // The statements of a long-tail field query, the same WHERE on each layout.
  const str = (layout: Layout, key: string): string => {
    if (layout === 'lay_promoted' && typedKeys.includes(key)) return promotedColumn(key);
    if (!isJson(layout)) return `str[${quote(key)}]`;
    return layout === 'lay_json_typed' && typedKeys.includes(key) ? `fields.${jsonPath(key)}` : `fields.${jsonPath(key)}.:String`;
  };
  const present = (layout: Layout, key: string): string => {
    if (layout === 'lay_promoted' && typedKeys.includes(key)) return `${promotedColumn(key)} IS NOT NULL`;
    return isJson(layout) ? `fields.${jsonPath(key)} IS NOT NULL` : `str[${quote(key)}] IS NOT NULL`;
  };
  const ids = (
    await rows(
      `SELECT id, toUnixTimestamp64Milli(ts) FROM logs WHERE ${window} AND str[${quote(service)}] = ${quote(serviceValue)} ORDER BY ts DESC LIMIT 50`,
    )
  ).map(([id, ms]) => ({ id: id ?? '', ms: ms ?? '0' }));
  const page = `ts IN (${ids.map((hit) => `fromUnixTimestamp64Milli(${hit.ms}, 'UTC')`).join(', ')}) AND id IN (${ids.map((hit) => quote(hit.id)).join(', ')})`;
  const allStatements: readonly { readonly name: string; readonly sql: (layout: Layout) => string | null }[] = [
    {
      name: `count ${service} = ${serviceValue} (size 0)`,
      sql: (l) => `SELECT count() FROM ${l} WHERE ${window} AND ${str(l, service)} = ${quote(serviceValue)}`,
    },
    {
      name: `newest 50 ids of ${service} = ${serviceValue}`,
      sql: (l) => `SELECT id, ts FROM ${l} WHERE ${window} AND ${str(l, service)} = ${quote(serviceValue)} ORDER BY ts DESC LIMIT 50`,
    },
    {
      name: `30-minute histogram of ${service} = ${serviceValue}`,
      sql: (l) =>
        `SELECT toStartOfInterval(ts, INTERVAL 30 MINUTE) AS b, count() FROM ${l} WHERE ${window} AND ${str(l, service)} = ${quote(serviceValue)} GROUP BY b ORDER BY b`,
    },
    {
      name: `newest 50 of a rare value (${rareKey})`,
      sql: (l) => `SELECT id, ts FROM ${l} WHERE ${window} AND ${str(l, rareKey)} = ${quote(rareValue)} ORDER BY ts DESC LIMIT 50`,
    },
    { name: `exists ${existsKey} (count)`, sql: (l) => `SELECT count() FROM ${l} WHERE ${window} AND ${present(l, existsKey)}` },
    {
      name: `terms: top 10 ${service} values`,
      sql: (l) =>
        `SELECT ${str(l, service)} AS v, count() AS c FROM ${l} WHERE ${window} AND v IS NOT NULL GROUP BY v ORDER BY c DESC, v LIMIT 10`,
    },
    { name: 'full rows of 50 hits (page fetch)', sql: (l) => `SELECT * FROM ${l} WHERE ${window} AND ${page} ORDER BY ts DESC` },
    {
      // What field-less words do on rows the indexes cannot answer (every value of every field): Maps only.
      name: `every string value: has(mapValues(str), ${serviceValue}) count`,
      sql: (l) => (isJson(l) ? null : `SELECT count() FROM ${l} WHERE ${window} AND has(mapValues(str), ${quote(serviceValue)})`),
    },
    {
      name: `hot column f_host = ${hotValue}, count (reference)`,
      sql: (l) => `SELECT count() FROM ${l} WHERE ${window} AND f_host = ${quote(hotValue)}`,
    },
    {
      name: `hot column f_host = ${hotValue}, newest 50 (reference)`,
      sql: (l) => `SELECT id, ts FROM ${l} WHERE ${window} AND f_host = ${quote(hotValue)} ORDER BY ts DESC LIMIT 50`,
    },
  ];
  const statements = allStatements.filter((statement) => statement.name.includes(only));
  const layouts: readonly Layout[] = ['logs', ...SIDE];
  // The same answer on every layout, or the comparison means nothing.
  const answers: string[] = [];
  for (const statement of statements) {
    const seen = new Set<string>();
    for (const layout of layouts) {
      const sql = statement.sql(layout);
      if (sql !== null) seen.add(await text(`${sql.replace('SELECT * ', 'SELECT id, ts, message ')} ${NO_CACHE}`));
    }
    answers.push(seen.size === 1 ? 'same' : `DIFFERENT (${seen.size} answers)`);
  }
  const measured = new Map<string, Measure[]>();
  const loadAtStart = loadAverage();
  console.log('timing the statements');
  for (let round = 0; round < runs + 1; round += 1) {
    for (const statement of statements) {
      for (let i = 0; i < layouts.length; i += 1) {
        const layout = layouts[(i + round) % layouts.length];
        const sql = layout === undefined ? null : statement.sql(layout);
        if (sql === null) continue;
        const measure = await timed(() => session.queryAsync(`${sql} ${NO_CACHE}`, { format: 'TSV' }));
        // The first round warms the page and mark caches: not counted.
        if (round > 0) measured.set(`${statement.name}|${layout}`, [...(measured.get(`${statement.name}|${layout}`) ?? []), measure]);
      }
    }
  }
  const loadAtEnd = loadAverage();

  console.log(`\nBuild from \`logs\` (INSERT … SELECT of all ${total} logs, then OPTIMIZE FINAL): wall s, CPU s`);
  console.log('| table | insert s | insert CPU s | optimize s | optimize CPU s |\n|---|---|---|---|---|');
  for (const line of builds) console.log(line);
  console.log('\nDisk after OPTIMIZE FINAL (system.parts, system.parts_columns)');
  console.log(
    '| table | rows | parts | bytes on disk MB | long-tail columns compressed MB | uncompressed MB | long-tail subcolumns |\n|---|---|---|---|---|---|---|',
  );
  for (const [table, n, parts, mb] of disk) {
    const column = columnDisk.find(([t]) => t === table);
    const subcolumns = files.find(([t]) => t === table)?.[1] ?? '';
    console.log(`| ${table} | ${n} | ${parts} | ${mb} | ${column?.[1] ?? ''} | ${column?.[2] ?? ''} | ${subcolumns} |`);
  }
  console.log(
    `\nInsert of the same ${insertRows} rows as JSONEachRow batches of ${BATCH_ROWS} (map text ${batchMb(mapBatches)} MB, JSON text ${batchMb(jsonBatches)} MB, promoted ${batchMb(promotedBatches)} MB), ` +
      `${insertRounds} alternated rounds: p50`,
  );
  console.log('| into | wall ms | CPU ms | rows per CPU-second |\n|---|---|---|---|');
  for (const target of targets) {
    const list = inserts.get(target.table) ?? [];
    const cpu = p50(list.map((m) => m.cpuMs));
    console.log(
      `| ${target.table} (as ${target.like}) | ${p50(list.map((m) => m.ms)).toFixed(0)} | ${cpu.toFixed(0)} | ${Math.round(insertRows / (cpu / 1000))} |`,
    );
  }
  console.log(`\nStatements over the last 24 h (${inWindow} logs), ${runs} alternated rounds after one warm-up: p50 wall ms / CPU ms`);
  console.log(`| statement | ${layouts.join(' | ')} | answers |\n|---|${layouts.map(() => '---|').join('')}---|`);
  statements.forEach((statement, index) => {
    const cells = layouts.map((layout) => {
      const list = measured.get(`${statement.name}|${layout}`) ?? [];
      if (list.length === 0) return '–';
      return `${p50(list.map((m) => m.ms)).toFixed(1)} / ${p50(list.map((m) => m.cpuMs)).toFixed(0)}`;
    });
    console.log(`| ${statement.name} | ${cells.join(' | ')} | ${answers[index] ?? ''} |`);
  });
  console.log(
    `\nLoad average (1/5/15 min): ${loadBefore} at start, ${loadAtStart} at the first statement, ${loadAtEnd} at the end; ${os.cpus().length} cores`,
  );
  if (!keep) for (const table of [...SIDE, ...targets.map((t) => t.table)]) await session.queryAsync(`DROP TABLE IF EXISTS ${table} SYNC`);
  else for (const target of targets) await session.queryAsync(`DROP TABLE IF EXISTS ${target.table} SYNC`);
  session.close();
}

await main();
