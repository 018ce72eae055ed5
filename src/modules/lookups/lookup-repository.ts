import { sql, type Selectable } from 'kysely';
import type { ControlPlaneDb, LookupElementsTable, LookupListsTable } from '../../storage/control-plane/index.js';
import type { LookupElement, LookupList } from './lookup.js';

type ListRow = Selectable<LookupListsTable>;
type ElementRow = Selectable<LookupElementsTable>;

/** Rows per multi-row statement: 7 parameters each stays under SQLite's and PostgreSQL's parameter limits. */
const ROWS_PER_STATEMENT = 2000;
/** Values per `IN (...)` when a bulk add looks up which values exist. */
const VALUES_PER_LOOKUP = 5000;

function listFromRow(row: ListRow): LookupList {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    description: row.description,
    version: Number(row.version),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

function elementFromRow(row: ElementRow): LookupElement {
  return {
    id: row.id,
    listId: row.list_id,
    value: row.value,
    comment: row.comment,
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

function elementToRow(element: LookupElement): ElementRow {
  return {
    list_id: element.listId,
    id: element.id,
    value: element.value,
    comment: element.comment,
    expires_at: element.expiresAt,
    created_at: element.createdAt,
    updated_at: element.updatedAt,
  };
}

/** `term` as a LIKE pattern matching any text that contains it, case-insensitively on both dialects. */
function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

export interface ListFilter {
  readonly searchTerm?: string | undefined;
  readonly byIds?: readonly string[] | undefined;
}

export interface ElementFilter {
  readonly searchTerm?: string | undefined;
  readonly byIds?: readonly number[] | undefined;
  readonly byValues?: readonly string[] | undefined;
}

export interface Page {
  readonly offset: number;
  readonly limit: number;
}

/** What a bulk add writes: the element's fields; `comment`/`expiresAt` null keep a merged element's own. */
export interface ElementUpsert {
  readonly value: string;
  readonly comment: string | null;
  readonly expiresAt: number | null;
}

export const lookupListRepository = {
  async insert(db: ControlPlaneDb, list: LookupList): Promise<void> {
    await db
      .insertInto('lookup_lists')
      .values({
        id: list.id,
        account_id: list.accountId,
        name: list.name,
        description: list.description,
        version: list.version,
        next_element_id: 1,
        created_at: list.createdAt,
        updated_at: list.updatedAt,
      })
      .execute();
  },

  async update(db: ControlPlaneDb, list: LookupList): Promise<void> {
    await db
      .updateTable('lookup_lists')
      .set({ name: list.name, description: list.description, updated_at: list.updatedAt })
      .where('id', '=', list.id)
      .where('account_id', '=', list.accountId)
      .execute();
  },

  async delete(db: ControlPlaneDb, accountId: number, id: string): Promise<boolean> {
    // Elements first, explicitly: the list's row is then deleted with nothing left that points at it.
    const owned = await lookupListRepository.get(db, accountId, id);
    if (owned === undefined) return false;
    await db.deleteFrom('lookup_elements').where('list_id', '=', id).execute();
    const result = await db.deleteFrom('lookup_lists').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  },

  async get(db: ControlPlaneDb, accountId: number, id: string): Promise<LookupList | undefined> {
    const row = await db.selectFrom('lookup_lists').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return row === undefined ? undefined : listFromRow(row);
  },

  async list(db: ControlPlaneDb, accountId: number): Promise<LookupList[]> {
    const rows = await db
      .selectFrom('lookup_lists')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(listFromRow);
  },

  async byName(db: ControlPlaneDb, accountId: number, name: string): Promise<LookupList[]> {
    const rows = await db.selectFrom('lookup_lists').selectAll().where('account_id', '=', accountId).where('name', '=', name).execute();
    return rows.map(listFromRow);
  },

  /** Names of the account's lists that start with `prefix` (for the next `Untitled N`). */
  async namesStartingWith(db: ControlPlaneDb, accountId: number, prefix: string): Promise<string[]> {
    const rows = await db
      .selectFrom('lookup_lists')
      .select('name')
      .where('account_id', '=', accountId)
      .where(sql<boolean>`substr(name, 1, ${prefix.length}) = ${prefix}`)
      .execute();
    return rows.map((row) => row.name);
  },

  async search(db: ControlPlaneDb, accountId: number, filter: ListFilter, page: Page): Promise<{ total: number; lists: LookupList[] }> {
    let query = db.selectFrom('lookup_lists').where('account_id', '=', accountId);
    if (filter.byIds !== undefined) {
      if (filter.byIds.length === 0) return { total: 0, lists: [] };
      query = query.where('id', 'in', [...filter.byIds]);
    }
    if (filter.searchTerm !== undefined && filter.searchTerm !== '') {
      const pattern = containsPattern(filter.searchTerm);
      query = query.where(sql<boolean>`(lower(name) LIKE ${pattern} ESCAPE '\\' OR lower(description) LIKE ${pattern} ESCAPE '\\')`);
    }
    const counted = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await query.selectAll().orderBy('created_at').orderBy('id').offset(page.offset).limit(page.limit).execute();
    return { total: Number(counted?.n ?? 0), lists: rows.map(listFromRow) };
  },

  /** Records a change to the list's elements and reserves `newIds` element ids; returns the first reserved id. */
  async touch(db: ControlPlaneDb, id: string, now: number, newIds: number): Promise<number> {
    const row = await db
      .updateTable('lookup_lists')
      .set((eb) => ({ version: eb('version', '+', 1), next_element_id: eb('next_element_id', '+', newIds), updated_at: now }))
      .where('id', '=', id)
      .returning('next_element_id')
      .executeTakeFirstOrThrow();
    return Number(row.next_element_id) - newIds;
  },

  async version(db: ControlPlaneDb, id: string): Promise<number | undefined> {
    const row = await db.selectFrom('lookup_lists').select('version').where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : Number(row.version);
  },
};

export const lookupElementRepository = {
  async insert(db: ControlPlaneDb, element: LookupElement): Promise<void> {
    await db.insertInto('lookup_elements').values(elementToRow(element)).execute();
  },

  async update(db: ControlPlaneDb, element: LookupElement): Promise<void> {
    const { list_id, id, created_at: _c, ...rest } = elementToRow(element);
    await db.updateTable('lookup_elements').set(rest).where('list_id', '=', list_id).where('id', '=', id).execute();
  },

  async delete(db: ControlPlaneDb, listId: string, id: number): Promise<boolean> {
    const result = await db.deleteFrom('lookup_elements').where('list_id', '=', listId).where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  },

  async get(db: ControlPlaneDb, listId: string, id: number): Promise<LookupElement | undefined> {
    const row = await db.selectFrom('lookup_elements').selectAll().where('list_id', '=', listId).where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : elementFromRow(row);
  },

  async byValue(db: ControlPlaneDb, listId: string, value: string): Promise<LookupElement | undefined> {
    const row = await db
      .selectFrom('lookup_elements')
      .selectAll()
      .where('list_id', '=', listId)
      .where('value', '=', value)
      .executeTakeFirst();
    return row === undefined ? undefined : elementFromRow(row);
  },

  async search(
    db: ControlPlaneDb,
    listId: string,
    filter: ElementFilter,
    page: Page,
  ): Promise<{ total: number; elements: LookupElement[] }> {
    let query = db.selectFrom('lookup_elements').where('list_id', '=', listId);
    if (filter.byIds !== undefined) {
      if (filter.byIds.length === 0) return { total: 0, elements: [] };
      query = query.where('id', 'in', [...filter.byIds]);
    }
    if (filter.byValues !== undefined) {
      if (filter.byValues.length === 0) return { total: 0, elements: [] };
      query = query.where('value', 'in', [...filter.byValues]);
    }
    if (filter.searchTerm !== undefined && filter.searchTerm !== '') {
      const pattern = containsPattern(filter.searchTerm);
      query = query.where(
        sql<boolean>`(lower(value) LIKE ${pattern} ESCAPE '\\' OR lower(coalesce(comment, '')) LIKE ${pattern} ESCAPE '\\')`,
      );
    }
    const counted = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await query.selectAll().orderBy('id').offset(page.offset).limit(page.limit).execute();
    return { total: Number(counted?.n ?? 0), elements: rows.map(elementFromRow) };
  },

  /** Which of `values` the list holds already. */
  async existingValues(db: ControlPlaneDb, listId: string, values: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (const chunk of chunks(values, VALUES_PER_LOOKUP)) {
      const rows = await db
        .selectFrom('lookup_elements')
        .select('value')
        .where('list_id', '=', listId)
        .where('value', 'in', chunk)
        .execute();
      for (const row of rows) found.add(row.value);
    }
    return found;
  },

  /**
   * Inserts new values with ids from `firstId` on and merges existing ones (their comment and expiry replaced when
   * the item gives one), in multi-row statements. The caller runs it in a transaction.
   */
  async upsertMany(
    db: ControlPlaneDb,
    listId: string,
    items: readonly ElementUpsert[],
    newValues: ReadonlySet<string>,
    firstId: number,
    now: number,
  ): Promise<void> {
    let nextId = firstId;
    const rows: ElementRow[] = items.map((item) => ({
      list_id: listId,
      // A merged item's id is never written (the conflict keeps the stored row's); it only has to be distinct.
      id: newValues.has(item.value) ? nextId++ : -1,
      value: item.value,
      comment: item.comment,
      expires_at: item.expiresAt,
      created_at: now,
      updated_at: now,
    }));
    let placeholder = -1;
    for (const row of rows) if (row.id === -1) row.id = placeholder--;
    for (const chunk of chunks(rows, ROWS_PER_STATEMENT)) {
      await db
        .insertInto('lookup_elements')
        .values(chunk)
        .onConflict((oc) =>
          oc.columns(['list_id', 'value']).doUpdateSet({
            comment: sql<string | null>`coalesce(excluded.comment, lookup_elements.comment)`,
            expires_at: sql<number | null>`coalesce(excluded.expires_at, lookup_elements.expires_at)`,
            updated_at: now,
          }),
        )
        .execute();
    }
  },

  /** Value and expiry of every element of the list (what a resolver caches). */
  async members(db: ControlPlaneDb, listId: string): Promise<{ value: string; expiresAt: number | null }[]> {
    const rows = await db.selectFrom('lookup_elements').select(['value', 'expires_at']).where('list_id', '=', listId).execute();
    return rows.map((row) => ({ value: row.value, expiresAt: row.expires_at === null ? null : Number(row.expires_at) }));
  },

  /** Lists holding elements expired at `now`. */
  async listsWithExpired(db: ControlPlaneDb, now: number): Promise<string[]> {
    const rows = await db.selectFrom('lookup_elements').select('list_id').distinct().where('expires_at', '<=', now).execute();
    return rows.map((row) => row.list_id);
  },

  async deleteExpired(db: ControlPlaneDb, listId: string, now: number): Promise<number> {
    const result = await db.deleteFrom('lookup_elements').where('list_id', '=', listId).where('expires_at', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
