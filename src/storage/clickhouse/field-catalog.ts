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
}

export interface FieldCatalogCache {
  /** Loads the cached masks of these accounts (once per account per process). */
  load(accountIds: readonly number[]): Promise<void>;
  newBatch(): CatalogBatch;
  persist(batch: CatalogBatch): Promise<void>;
  read(accountIds: readonly number[]): Promise<ReadonlyMap<number, readonly CatalogField[]>>;
  forget(accountId: number): void;
}

/**
 * Fields catalogued per account. Elasticsearch refuses logs past 1,000 mapped fields; here logs are never refused,
 * but an account sending endless distinct names must not grow the catalog and this cache without bound.
 */
export const MAX_CATALOG_FIELDS_PER_ACCOUNT = 10_000;

export function createFieldCatalogCache(transport: ClickHouseTransport, table: string): FieldCatalogCache {
  const masks = new Map<number, Map<string, number>>();
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

  async function loadMissing(accountIds: readonly number[]): Promise<void> {
    const rows = await fetchRows(accountIds);
    for (const id of accountIds) if (!masks.has(id)) masks.set(id, new Map());
    for (const row of rows) {
      const fields = masks.get(row.account);
      if (fields === undefined) continue;
      fields.set(row.name, (fields.get(row.name) ?? 0) | observationBit(row.type, row.in_array === 1));
    }
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
      const pending = new Map<number, Map<string, number>>();
      return {
        rows,
        sinkFor(accountId, receivedAtMs) {
          const known = masks.get(accountId) ?? new Map<string, number>();
          let added = pending.get(accountId);
          if (added === undefined) {
            added = new Map();
            pending.set(accountId, added);
          }
          const batchAdded = added;
          return {
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
      const rows = await fetchRows(accountIds);
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
      const result = new Map<number, readonly CatalogField[]>();
      for (const [account, fields] of byAccount) {
        result.set(
          account,
          [...fields.entries()]
            .map(([name, field]) => ({
              name,
              type: field.type,
              conflictingTypes: [...field.conflicts].sort(),
              inArrays: field.inArrays,
              plainText: field.plainText,
            }))
            .sort((a, b) => a.name.localeCompare(b.name)),
        );
      }
      return result;
    },
    forget(accountId) {
      masks.delete(accountId);
    },
  };
}

export function catalogDeleteSql(table: string, accountId: number): string {
  return `DELETE FROM ${table} WHERE account = ${sqlUInt32(accountId)}`;
}
