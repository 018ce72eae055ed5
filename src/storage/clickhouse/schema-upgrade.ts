/**
 * Brings a log table created by an earlier build up to log-table-schema.ts in place, so an existing data
 * directory keeps working: columns added since are added (their default is the safe value), the text index
 * is rebuilt when its expression or tokenizer changed (the value catalog is filled from the stored logs before the
 * all-fields index leaves the columns of few values out), and projections are added and built for the parts
 * already written. Codec changes need nothing: merges rewrite parts with the new codecs. The word counts, made from
 * the logs (decision 0197), are dropped when their columns changed: the builder makes them again.
 */
import { MAX_VALUES_PER_FIELD } from './field-catalog.js';
import {
  FEW_VALUES_FIELDS,
  FIELD_PAIRS_COLUMN,
  FIELDS_PLAIN_COLUMN,
  FIELDS_TEXT_INDEX,
  LOG_COLUMNS,
  LOG_INDEXES,
  LOG_PROJECTIONS,
  LOG_TABLE,
  MESSAGE_PLAIN_COLUMN,
  VALUE_TABLE,
  WORD_COUNT_TABLE,
} from './log-table-schema.js';
import { singleNodeDdl } from './ddl.js';
import { sqlIdentifier, sqlString } from './sql-literals.js';
import type { ClickHouseTransport } from './transport.js';
import { SINGLE_SERVER_LAYOUT, type StoreLayout } from './store-layout.js';

const ADDED_COLUMNS = [MESSAGE_PLAIN_COLUMN, FIELDS_PLAIN_COLUMN, FIELD_PAIRS_COLUMN];
/** Added columns whose default is computed from the row: written into the parts once, not computed by every read. */
const MATERIALIZED_ON_UPGRADE = [FIELDS_PLAIN_COLUMN, FIELD_PAIRS_COLUMN];

/**
 * On a cluster (decision 0723) the system tables describing parts, indexes and projections are read for the local
 * table of the server asked (every server has the same definition: each ALTER runs ON CLUSTER), the ALTERs go to
 * the local tables ON CLUSTER, and an added column is added to the Distributed table too.
 */
export async function upgradeLogTable(transport: ClickHouseTransport, layout: StoreLayout = SINGLE_SERVER_LAYOUT): Promise<void> {
  const table = layout.mutationTarget(LOG_TABLE.name);
  const described = layout.partsTable(LOG_TABLE.name);
  let previous = 'message';
  const columns = await transport.query<{ name: string }>(
    `SELECT name FROM system.columns WHERE database = currentDatabase() AND table = ${sqlString(described)}`,
  );
  for (const column of LOG_COLUMNS) {
    if (ADDED_COLUMNS.includes(column.name) && !columns.some((row) => row.name === column.name)) {
      const add = `ADD COLUMN IF NOT EXISTS ${sqlIdentifier(column.name)} ${column.sqlType} AFTER ${sqlIdentifier(previous)}`;
      await transport.exec(`ALTER TABLE ${table} ${add}`);
      if (layout.cluster !== null)
        await transport.exec(`ALTER TABLE ${sqlIdentifier(LOG_TABLE.name)} ON CLUSTER ${sqlIdentifier(layout.cluster)} ${add}`);
      // A background mutation; until it has run, reads compute the default (same values, slower).
      if (MATERIALIZED_ON_UPGRADE.includes(column.name))
        await transport.exec(`ALTER TABLE ${table} MATERIALIZE COLUMN ${sqlIdentifier(column.name)}`);
    }
    previous = column.name;
  }
  const existing = await transport.query<{ name: string; type_full: string; expr: string }>(
    `SELECT name, type_full, expr FROM system.data_skipping_indices WHERE database = currentDatabase() AND table = ${sqlString(described)}`,
  );
  for (const index of LOG_INDEXES) {
    const found = existing.find((row) => row.name === index.name);
    if (
      found !== undefined &&
      normalised(found.type_full) === normalised(index.type) &&
      normalised(found.expr) === normalised(index.expression)
    )
      continue;
    const name = sqlIdentifier(index.name);
    // Before the index that leaves them out: the values of the columns of few values are searched in the catalog.
    if (index.name === FIELDS_TEXT_INDEX) await listStoredValues(transport, layout);
    if (found !== undefined) await transport.exec(`ALTER TABLE ${table} DROP INDEX ${name}`);
    await transport.exec(`ALTER TABLE ${table} ADD INDEX ${name} ${index.expression} TYPE ${index.type} GRANULARITY ${index.granularity}`);
    // Parts without the index are searched by a full scan until this background mutation has built it.
    await transport.exec(`ALTER TABLE ${table} MATERIALIZE INDEX ${name}`);
  }
  await upgradeProjections(transport, layout);
  // A cluster keeps no word counts (store-layout.ts).
  if (layout.tables.wordCounts !== null) await upgradeWordCounts(transport);
}

async function upgradeWordCounts(transport: ClickHouseTransport): Promise<void> {
  const columns = await transport.query<{ name: string; type: string }>(
    `SELECT name, type FROM system.columns WHERE database = currentDatabase() AND table = ${sqlString(WORD_COUNT_TABLE.name)} ORDER BY position`,
  );
  const current = columns.map((column) => `${column.name} ${normalised(column.type)}`);
  const wanted = WORD_COUNT_TABLE.columns.map((column) => `${column.name} ${normalised(column.sqlType)}`);
  if (current.join() === wanted.join()) return;
  await transport.exec(`DROP TABLE IF EXISTS ${sqlIdentifier(WORD_COUNT_TABLE.name)} SYNC`);
  const create = singleNodeDdl().find((statement) => statement.includes(sqlIdentifier(WORD_COUNT_TABLE.name)));
  if (create !== undefined) await transport.exec(create);
}

/**
 * The value catalog of the logs stored before it (decision 0193), per account and field of few values: the values,
 * or one `overflow` row past MAX_VALUES_PER_FIELD, as ingest would have written them.
 */
async function listStoredValues(transport: ClickHouseTransport, layout: StoreLayout): Promise<void> {
  for (const field of FEW_VALUES_FIELDS) {
    const column = sqlIdentifier(field.column);
    const many = `length(vs) > ${MAX_VALUES_PER_FIELD}`;
    await transport.exec(
      `INSERT INTO ${sqlIdentifier(VALUE_TABLE.name)} (account, field, value, overflow) ` +
        `SELECT account, ${sqlString(field.name)}, arrayJoin(if(${many}, [''], vs)), toUInt8(${many}) ` +
        `FROM (SELECT account, groupUniqArray(${MAX_VALUES_PER_FIELD + 1})(${column}) AS vs FROM ${sqlIdentifier(LOG_TABLE.name)} ` +
        `WHERE ${column} IS NOT NULL GROUP BY account)`,
      layout.insertSettings,
    );
  }
}

async function upgradeProjections(transport: ClickHouseTransport, layout: StoreLayout): Promise<void> {
  const table = layout.mutationTarget(LOG_TABLE.name);
  const existing = await transport.query<{ name: string; query: string }>(
    `SELECT name, query FROM system.projections WHERE database = currentDatabase() AND table = ${sqlString(layout.partsTable(LOG_TABLE.name))}`,
  );
  const missing = LOG_PROJECTIONS.filter(
    (p) => !existing.some((row) => row.name === p.name && normalised(row.query) === normalised(p.query)),
  );
  if (missing.length === 0) return;
  // Before the first projection: from then on a DELETE without this setting is refused.
  const mode = LOG_TABLE.settings.lightweight_mutation_projection_mode;
  await transport.exec(`ALTER TABLE ${table} MODIFY SETTING lightweight_mutation_projection_mode = ${sqlString(mode)}`);
  for (const projection of missing) {
    const name = sqlIdentifier(projection.name);
    if (existing.some((row) => row.name === projection.name)) await transport.exec(`ALTER TABLE ${table} DROP PROJECTION ${name}`);
    await transport.exec(`ALTER TABLE ${table} ADD PROJECTION ${name} (${projection.query})`);
    // Parts without it are read whole until this background mutation has built it: same answers, slower.
    await transport.exec(`ALTER TABLE ${table} MATERIALIZE PROJECTION ${name}`);
  }
}

const normalised = (type: string): string => type.replace(/[\s'"]/g, '').toLowerCase();
