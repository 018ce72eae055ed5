/**
 * Brings a log table created by an earlier build up to log-table-schema.ts in place, so an existing data
 * directory keeps working: columns added since are added (their default is the safe value), and the text index
 * is rebuilt when its expression or tokenizer changed. Codec changes need nothing: merges rewrite parts with the new codecs.
 */
import { LOG_COLUMNS, LOG_INDEXES, LOG_TABLE, MESSAGE_PLAIN_COLUMN } from './log-table-schema.js';
import { sqlIdentifier, sqlString } from './sql-literals.js';
import type { ClickHouseTransport } from './transport.js';

const ADDED_COLUMNS = [MESSAGE_PLAIN_COLUMN];

export async function upgradeLogTable(transport: ClickHouseTransport): Promise<void> {
  const table = sqlIdentifier(LOG_TABLE.name);
  let previous = 'message';
  for (const column of LOG_COLUMNS) {
    if (ADDED_COLUMNS.includes(column.name)) {
      await transport.exec(`ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS ${sqlIdentifier(column.name)} ${column.sqlType} AFTER ${sqlIdentifier(previous)}`);
    }
    previous = column.name;
  }
  const existing = await transport.query<{ name: string; type_full: string; expr: string }>(
    `SELECT name, type_full, expr FROM system.data_skipping_indices WHERE database = currentDatabase() AND table = ${sqlString(LOG_TABLE.name)}`,
  );
  for (const index of LOG_INDEXES) {
    const found = existing.find((row) => row.name === index.name);
    if (found !== undefined && normalised(found.type_full) === normalised(index.type) && normalised(found.expr) === normalised(index.expression)) continue;
    const name = sqlIdentifier(index.name);
    if (found !== undefined) await transport.exec(`ALTER TABLE ${table} DROP INDEX ${name}`);
    await transport.exec(`ALTER TABLE ${table} ADD INDEX ${name} ${index.expression} TYPE ${index.type} GRANULARITY ${index.granularity}`);
    // Parts without the index are searched by a full scan until this background mutation has built it.
    await transport.exec(`ALTER TABLE ${table} MATERIALIZE INDEX ${name}`);
  }
}

const normalised = (type: string): string => type.replace(/[\s'"]/g, '').toLowerCase();
