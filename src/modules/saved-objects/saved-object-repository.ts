import { sql, type Selectable } from 'kysely';
import { printableName } from '../../shared/safe-name.js';
import type { ControlPlaneDb, SavedObjectsTable } from '../../storage/control-plane/index.js';
import type { Dependent, JsonObject, SavedObjectRecord, SavedObjectType } from './saved-object.js';
import { dependenciesOf } from './saved-object-hit.js';

type Row = Selectable<SavedObjectsTable>;

function fromRow(row: Row): SavedObjectRecord {
  return {
    accountId: row.account_id,
    type: row.object_type as SavedObjectType,
    id: row.object_id,
    title: row.title,
    hit: JSON.parse(row.hit) as JsonObject,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    createdBy: row.created_by,
    updatedBy: row.updated_by,
  };
}

function toRow(record: SavedObjectRecord): Row {
  // The title columns serve the list and error messages only (the hit keeps the title as it came): controls are
  // escaped there, since PostgreSQL text refuses NUL and SQLite's LIKE stops at one.
  const title = printableName(record.title);
  return {
    account_id: record.accountId,
    object_type: record.type,
    object_id: record.id,
    title,
    title_key: title.toLowerCase(),
    hit: JSON.stringify(record.hit),
    version: record.version,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
    created_by: record.createdBy,
    updated_by: record.updatedBy,
  };
}

/** `like` pattern text matching `text` literally (`%`, `_` and the escape itself escaped with `\`). */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export interface SavedObjectPage {
  readonly total: number;
  readonly records: readonly SavedObjectRecord[];
}

async function deleteReferences(db: ControlPlaneDb, record: SavedObjectRecord): Promise<void> {
  await db
    .deleteFrom('saved_object_references')
    .where('account_id', '=', record.accountId)
    .where('from_type', '=', record.type)
    .where('from_id', '=', record.id)
    .execute();
}

function referenceRows(record: SavedObjectRecord) {
  return dependenciesOf(record.type, record.hit).map((dependency, position) => ({
    account_id: record.accountId,
    from_type: record.type,
    from_id: record.id,
    position,
    to_type: dependency.type,
    to_id: dependency.id,
  }));
}

async function insertReferences(db: ControlPlaneDb, record: SavedObjectRecord): Promise<void> {
  const rows = referenceRows(record);
  if (rows.length > 0) await db.insertInto('saved_object_references').values(rows).execute();
}

// Rows per statement: within SQLite's and PostgreSQL's bound-parameter limits at 11 columns a row.
const ROWS_PER_STATEMENT = 200;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** `type:id`, the key of an object within its account. */
export function objectKey(type: SavedObjectType, id: string): string {
  return `${type}:${id}`;
}

/** Saved objects and the index of their references; callers run writes in a transaction (two tables). */
export const savedObjectRepository = {
  /**
   * Stores a new object; false, storing nothing, when the account already holds one of that type and id (also one
   * a concurrent transaction is committing: PostgreSQL waits for it rather than failing on the key).
   */
  async insert(db: ControlPlaneDb, record: SavedObjectRecord): Promise<boolean> {
    const result = await db
      .insertInto('saved_objects')
      .values(toRow(record))
      .onConflict((conflict) => conflict.columns(['account_id', 'object_type', 'object_id']).doNothing())
      .executeTakeFirst();
    if ((result.numInsertedOrUpdatedRows ?? 0n) === 0n) return false;
    // A new object has no references yet (they go with the object, FK cascade).
    await insertReferences(db, record);
    return true;
  },

  /**
   * Stores many new objects in a few statements (an import of thousands); answers the keys (`objectKey`) it
   * stored: one the account already holds, or a concurrent transaction is committing, is skipped.
   */
  async insertMany(db: ControlPlaneDb, records: readonly SavedObjectRecord[]): Promise<Set<string>> {
    const stored = new Set<string>();
    for (const part of chunks(records, ROWS_PER_STATEMENT)) {
      const rows = await db
        .insertInto('saved_objects')
        .values(part.map(toRow))
        .onConflict((conflict) => conflict.columns(['account_id', 'object_type', 'object_id']).doNothing())
        .returning(['object_type', 'object_id'])
        .execute();
      for (const row of rows) stored.add(objectKey(row.object_type as SavedObjectType, row.object_id));
    }
    const references = records.filter((record) => stored.has(objectKey(record.type, record.id))).flatMap(referenceRows);
    for (const part of chunks(references, ROWS_PER_STATEMENT)) await db.insertInto('saved_object_references').values(part).execute();
    return stored;
  },

  /** Replaces many stored objects (as `replace`), their references in a few statements. */
  async replaceMany(db: ControlPlaneDb, records: readonly SavedObjectRecord[]): Promise<void> {
    for (const record of records) {
      const { account_id, object_type, object_id, created_at: _createdAt, created_by: _createdBy, ...rest } = toRow(record);
      await db
        .updateTable('saved_objects')
        .set(rest)
        .where('account_id', '=', account_id)
        .where('object_type', '=', object_type)
        .where('object_id', '=', object_id)
        .execute();
    }
    for (const accountId of new Set(records.map((record) => record.accountId))) {
      const mine = records.filter((record) => record.accountId === accountId);
      for (const type of new Set(mine.map((record) => record.type))) {
        const ids = mine.filter((record) => record.type === type).map((record) => record.id);
        for (const part of chunks(ids, ROWS_PER_STATEMENT * 5)) {
          await db
            .deleteFrom('saved_object_references')
            .where('account_id', '=', accountId)
            .where('from_type', '=', type)
            .where('from_id', 'in', part)
            .execute();
        }
      }
    }
    for (const part of chunks(records.flatMap(referenceRows), ROWS_PER_STATEMENT)) {
      await db.insertInto('saved_object_references').values(part).execute();
    }
  },

  /** Those of these objects the account holds, by key (`objectKey`). */
  async getMany(
    db: ControlPlaneDb,
    accountId: number,
    objects: readonly { readonly type: SavedObjectType; readonly id: string }[],
  ): Promise<Map<string, SavedObjectRecord>> {
    const found = new Map<string, SavedObjectRecord>();
    for (const type of new Set(objects.map((object) => object.type))) {
      const ids = [...new Set(objects.filter((object) => object.type === type).map((object) => object.id))];
      for (const part of chunks(ids, ROWS_PER_STATEMENT * 5)) {
        const rows = await db
          .selectFrom('saved_objects')
          .selectAll()
          .where('account_id', '=', accountId)
          .where('object_type', '=', type)
          .where('object_id', 'in', part)
          .execute();
        for (const row of rows) found.set(objectKey(type, row.object_id), fromRow(row));
      }
    }
    return found;
  },

  /** Replaces the stored object (hit, title, version, update time and actor); false when there is none. */
  async replace(db: ControlPlaneDb, record: SavedObjectRecord): Promise<boolean> {
    const { account_id, object_type, object_id, created_at: _createdAt, created_by: _createdBy, ...rest } = toRow(record);
    const result = await db
      .updateTable('saved_objects')
      .set(rest)
      .where('account_id', '=', account_id)
      .where('object_type', '=', object_type)
      .where('object_id', '=', object_id)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    await deleteReferences(db, record);
    await insertReferences(db, record);
    return true;
  },

  async get(db: ControlPlaneDb, accountId: number, type: SavedObjectType, id: string): Promise<SavedObjectRecord | undefined> {
    const row = await db
      .selectFrom('saved_objects')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('object_type', '=', type)
      .where('object_id', '=', id)
      .executeTakeFirst();
    return row === undefined ? undefined : fromRow(row);
  },

  /** Every object of a type, oldest first: the export's order. */
  async listAll(db: ControlPlaneDb, accountId: number, type: SavedObjectType): Promise<SavedObjectRecord[]> {
    const rows = await db
      .selectFrom('saved_objects')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('object_type', '=', type)
      .orderBy('created_at')
      .orderBy('object_id')
      .execute();
    return rows.map(fromRow);
  },

  /** One page of a type's objects by title (case-insensitive), those whose title contains `search` when given. */
  async page(
    db: ControlPlaneDb,
    accountId: number,
    type: SavedObjectType,
    options: { readonly search: string | undefined; readonly offset: number; readonly limit: number },
  ): Promise<SavedObjectPage> {
    let query = db.selectFrom('saved_objects').where('account_id', '=', accountId).where('object_type', '=', type);
    if (options.search !== undefined && options.search !== '') {
      const pattern = `%${likeLiteral(options.search.toLowerCase())}%`;
      // Both dialects take ESCAPE; SQLite's LIKE has no escape character without it.
      query = query.where(sql<boolean>`title_key like ${pattern} escape '\\'`);
    }
    const counted = await query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
    const rows = await query.selectAll().orderBy('title_key').orderBy('object_id').offset(options.offset).limit(options.limit).execute();
    return { total: Number(counted.total), records: rows.map(fromRow) };
  },

  async delete(db: ControlPlaneDb, accountId: number, type: SavedObjectType, id: string): Promise<boolean> {
    const result = await db
      .deleteFrom('saved_objects')
      .where('account_id', '=', accountId)
      .where('object_type', '=', type)
      .where('object_id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  },

  /** The other objects of the account whose references name this one. */
  async dependentsOf(db: ControlPlaneDb, accountId: number, type: SavedObjectType, id: string): Promise<Dependent[]> {
    const rows = await db
      .selectFrom('saved_object_references as r')
      .innerJoin('saved_objects as o', (join) =>
        join.onRef('o.account_id', '=', 'r.account_id').onRef('o.object_type', '=', 'r.from_type').onRef('o.object_id', '=', 'r.from_id'),
      )
      .select(['o.object_type', 'o.object_id', 'o.title'])
      .where('r.account_id', '=', accountId)
      .where('r.to_type', '=', type)
      .where('r.to_id', '=', id)
      .orderBy('o.object_type')
      .orderBy('o.object_id')
      .execute();
    return rows
      .filter((row) => !(row.object_type === type && row.object_id === id))
      .map((row) => ({ type: row.object_type as SavedObjectType, id: row.object_id, title: row.title }));
  },
};
