/**
 * The per-account field catalog: persisted in `log_fields` (one row per new observation, so any
 * number of processes may write it), cached in memory so append only touches the table for fields
 * it has never seen. Elasticsearch's dynamic mapping: the first type seen wins, later others are conflicts.
 */
import type { CatalogField, CatalogFieldType } from '../log-store.js';
import { isConflict, observationBit, type MappingType, type ObservedType } from './field-types.js';
import { MESSAGE_CATALOG_NAME, type FieldTypeSink } from './row-encoder.js';
import { sqlUInt32 } from './sql-literals.js';
import type { ClickHouseTransport } from './transport.js';

interface ValueRow {
  readonly account: number;
  readonly field: string;
  readonly value: string;
  readonly overflow: number;
}

interface FieldRow {
  readonly account: number;
  readonly name: string;
  readonly type: ObservedType;
  readonly in_array: number;
  readonly first_seen: number;
}

/** New observations of one append, applied to the cache only once they are persisted. */
export interface CatalogBatch {
  sinkFor(accountId: number, receivedAtMs: number): FieldTypeSink;
  readonly rows: readonly FieldRow[];
  readonly valueRows: readonly ValueRow[];
}

/** The values of a field of few values (FEW_VALUES_FIELDS) in an account: every one, or too many to list. */
export interface FieldValues {
  readonly values: readonly string[];
  /** False once the field has had more than MAX_VALUES_PER_FIELD values: the list is then only some of them. */
  readonly complete: boolean;
}

/** A catalogued field as search reads it: with its values where it is a column of few values (decision 0193). */
export interface SearchCatalogField extends CatalogField {
  readonly values?: FieldValues;
}

export interface FieldCatalogCache {
  /** Loads the cached masks of these accounts (once per account per process). */
  load(accountIds: readonly number[]): Promise<void>;
  newBatch(): CatalogBatch;
  persist(batch: CatalogBatch): Promise<void>;
  read(accountIds: readonly number[]): Promise<ReadonlyMap<number, readonly SearchCatalogField[]>>;
  forget(accountId: number): void;
}

/**
 * Fields catalogued per account. Elasticsearch refuses logs past 1,000 mapped fields; here logs are never refused,
 * but an account sending endless distinct names must not grow the catalog and this cache without bound.
 */
export const MAX_CATALOG_FIELDS_PER_ACCOUNT = 10_000;

/**
 * Values listed per field of few values and account; past it the field is marked `overflow` and searched by its
 * column (a `thread` holding ids is no column of few values).
 */
export const MAX_VALUES_PER_FIELD = 1000;

/** Per field of few values: the values known, or null once it overflowed. */
type KnownValues = Map<string, Set<string> | null>;

export function createFieldCatalogCache(transport: ClickHouseTransport, table: string, valueTable: string): FieldCatalogCache {
  const masks = new Map<number, Map<string, number>>();
  const knownValues = new Map<number, KnownValues>();
  const loading = new Map<number, Promise<void>>();
  // Orders observations: receive time in µs, kept strictly increasing within this process.
  let lastFirstSeen = 0;
  const nextFirstSeen = (receivedAtMs: number) => {
    lastFirstSeen = Math.max(receivedAtMs * 1000, lastFirstSeen + 1);
    return lastFirstSeen;
  };

  async function fetchRows(accountIds: readonly number[]): Promise<FieldRow[]> {
    if (accountIds.length === 0) return [];
    return transport.query<FieldRow>(
      `SELECT account, name, type, in_array, min(first_seen) AS first_seen FROM ${table}` +
        ` WHERE account IN (${accountIds.map(sqlUInt32).join(', ')}) GROUP BY account, name, type, in_array`,
    );
  }

  async function fetchValues(accountIds: readonly number[]): Promise<ValueRow[]> {
    if (accountIds.length === 0) return [];
    return transport.query<ValueRow>(
      `SELECT account, field, value, max(overflow) AS overflow FROM ${valueTable}` +
        ` WHERE account IN (${accountIds.map(sqlUInt32).join(', ')}) GROUP BY account, field, value`,
    );
  }

  function knownValuesOf(accountId: number): KnownValues {
    let known = knownValues.get(accountId);
    if (known === undefined) {
      known = new Map();
      knownValues.set(accountId, known);
    }
    return known;
  }

  function addValue(row: ValueRow): void {
    const known = knownValuesOf(row.account);
    const values = known.get(row.field);
    if (values === null) return;
    if (row.overflow === 1) known.set(row.field, null);
    else if (values === undefined) known.set(row.field, new Set([row.value]));
    else values.add(row.value);
  }

  async function loadMissing(accountIds: readonly number[]): Promise<void> {
    const [rows, values] = await Promise.all([fetchRows(accountIds), fetchValues(accountIds)]);
    for (const id of accountIds) if (!masks.has(id)) masks.set(id, new Map());
    for (const row of rows) {
      const fields = masks.get(row.account);
      if (fields === undefined) continue;
      fields.set(row.name, (fields.get(row.name) ?? 0) | observationBit(row.type, row.in_array === 1));
    }
    for (const id of accountIds) knownValuesOf(id);
    for (const row of values) addValue(row);
  }

  return {
    async load(accountIds) {
      const missing = [...new Set(accountIds)].filter((id) => !masks.has(id) && !loading.has(id));
      if (missing.length > 0) {
        const promise = loadMissing(missing);
        for (const id of missing) loading.set(id, promise);
        try {
          await promise;
        } finally {
          for (const id of missing) loading.delete(id);
        }
      }
      await Promise.all(accountIds.map((id) => loading.get(id)));
    },
    newBatch() {
      const rows: FieldRow[] = [];
      const valueRows: ValueRow[] = [];
      const pending = new Map<number, Map<string, number>>();
      const pendingValues = new Map<number, KnownValues>();
      return {
        rows,
        valueRows,
        sinkFor(accountId, receivedAtMs) {
          const known = masks.get(accountId) ?? new Map<string, number>();
          let added = pending.get(accountId);
          if (added === undefined) {
            added = new Map();
            pending.set(accountId, added);
          }
          const batchAdded = added;
          const valuesKnown = knownValues.get(accountId) ?? new Map<string, Set<string> | null>();
          let valuesAdded = pendingValues.get(accountId);
          if (valuesAdded === undefined) {
            valuesAdded = new Map();
            pendingValues.set(accountId, valuesAdded);
          }
          const batchValues = valuesAdded;
          return {
            valueSeen(name, value) {
              const listed = valuesKnown.get(name);
              // The common case, once per such field of every log: already listed.
              if (listed === null || listed?.has(value) === true) return;
              let added = batchValues.get(name);
              if (added === null || added?.has(value) === true) return;
              if (added === undefined) {
                added = new Set();
                batchValues.set(name, added);
              }
              if ((listed?.size ?? 0) + added.size >= MAX_VALUES_PER_FIELD) {
                batchValues.set(name, null);
                valueRows.push({ account: accountId, field: name, value: '', overflow: 1 });
                return;
              }
              added.add(value);
              valueRows.push({ account: accountId, field: name, value, overflow: 0 });
            },
            seen(name, type, inArray, bit) {
              const knownMask = known.get(name);
              // The common case, once per field of every log: already catalogued.
              if (knownMask !== undefined && (knownMask & bit) !== 0) return;
              const mask = (knownMask ?? 0) | (batchAdded.get(name) ?? 0);
              if ((mask & bit) !== 0) return;
              // Past the cap a new name is stored and searchable but not catalogued (nor held in memory).
              if (knownMask === undefined && !batchAdded.has(name) && known.size + batchAdded.size >= MAX_CATALOG_FIELDS_PER_ACCOUNT)
                return;
              batchAdded.set(name, (batchAdded.get(name) ?? 0) | bit);
              rows.push({ account: accountId, name, type, in_array: inArray ? 1 : 0, first_seen: nextFirstSeen(receivedAtMs) });
            },
          };
        },
      };
    },
    async persist(batch) {
      if (batch.valueRows.length > 0) {
        await transport.insertJsonEachRow(valueTable, Buffer.from(batch.valueRows.map((row) => JSON.stringify(row)).join('\n')));
        for (const row of batch.valueRows) addValue(row);
      }
      if (batch.rows.length === 0) return;
      await transport.insertJsonEachRow(table, Buffer.from(batch.rows.map((row) => JSON.stringify(row)).join('\n')));
      for (const row of batch.rows) {
        let fields = masks.get(row.account);
        if (fields === undefined) {
          fields = new Map();
          masks.set(row.account, fields);
        }
        fields.set(row.name, (fields.get(row.name) ?? 0) | observationBit(row.type, row.in_array === 1));
      }
    },
    async read(accountIds) {
      const [rows, valueRows] = await Promise.all([fetchRows(accountIds), fetchValues(accountIds)]);
      rows.sort((a, b) => a.first_seen - b.first_seen || a.type.localeCompare(b.type) || a.in_array - b.in_array);
      const byAccount = new Map<
        number,
        Map<string, { type: MappingType; conflicts: Set<CatalogFieldType>; inArrays: boolean; plainText: boolean }>
      >();
      for (const id of accountIds) byAccount.set(id, new Map());
      const nonPlain = new Set<string>();
      for (const row of rows) {
        const fields = byAccount.get(row.account);
        if (fields === undefined) continue;
        if (row.type === 'nonplain') {
          nonPlain.add(`${row.account}\u0000${row.name}`);
          continue;
        }
        const existing = fields.get(row.name);
        if (existing === undefined) {
          fields.set(row.name, { type: row.type, conflicts: new Set(), inArrays: row.in_array === 1, plainText: true });
          continue;
        }
        if (isConflict(existing.type, row.type)) existing.conflicts.add(row.type);
        existing.inArrays ||= row.in_array === 1;
      }
      for (const [account, fields] of byAccount) {
        for (const [name, field] of fields) if (nonPlain.has(`${account}\u0000${name}`)) field.plainText = false;
        // `message` has no catalog type (it is a core column); it appears only to say it was not plain text.
        if (nonPlain.has(`${account}\u0000${MESSAGE_CATALOG_NAME}`) && !fields.has(MESSAGE_CATALOG_NAME)) {
          fields.set(MESSAGE_CATALOG_NAME, { type: 'text', conflicts: new Set(), inArrays: false, plainText: false });
        }
      }
      const values = valuesByField(valueRows);
      const result = new Map<number, readonly SearchCatalogField[]>();
      for (const [account, fields] of byAccount) {
        result.set(
          account,
          [...fields.entries()]
            .map(([name, field]) => {
              const listed = values.get(`${account}\u0000${name}`);
              return {
                name,
                type: field.type,
                conflictingTypes: [...field.conflicts].sort(),
                inArrays: field.inArrays,
                plainText: field.plainText,
                ...(listed === undefined ? {} : { values: listed }),
              };
            })
            .sort((a, b) => a.name.localeCompare(b.name)),
        );
      }
      return result;
    },
    forget(accountId) {
      masks.delete(accountId);
      knownValues.delete(accountId);
    },
  };
}

/** The value rows read, by account and field (`account\0field`). */
function valuesByField(rows: readonly ValueRow[]): Map<string, FieldValues> {
  const lists = new Map<string, { values: string[]; complete: boolean }>();
  for (const row of rows) {
    const key = `${row.account}\u0000${row.field}`;
    let list = lists.get(key);
    if (list === undefined) {
      list = { values: [], complete: true };
      lists.set(key, list);
    }
    if (row.overflow === 1) list.complete = false;
    else list.values.push(row.value);
  }
  return lists;
}

export function catalogDeleteSql(table: string, accountId: number): string {
  return `DELETE FROM ${table} WHERE account = ${sqlUInt32(accountId)}`;
}
