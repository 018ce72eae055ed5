import { randomUUID } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import { lookupErrors, type LookupDependent } from './lookup-errors.js';
import { UNSAFE_NAME_CHARACTERS } from '../../shared/safe-name.js';
import { LOOKUP_LIMITS, UNTITLED_PREFIX, type LookupElement, type LookupList } from './lookup.js';
import {
  lookupElementRepository,
  lookupListRepository,
  type ElementFilter,
  type ElementUpsert,
  type ListFilter,
} from './lookup-repository.js';

export interface LookupServiceDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
  /** Rules and alerts of the account whose queries name `list` (by id or name). */
  readonly dependentsOf: (accountId: number, list: LookupList) => Promise<readonly LookupDependent[]>;
}

export interface PageRequest {
  readonly pageNumber: number;
  readonly pageSize: number;
}

export interface ElementInput {
  readonly value: string;
  readonly comment?: string | undefined;
  readonly expirationDate?: number | null | undefined;
}

export interface BulkFailure {
  /** Position of the item in the request body. */
  readonly index: number;
  readonly value: unknown;
  readonly field: string;
  readonly reason: string;
}

export interface BulkOutcome {
  readonly status: 'SUCCESS' | 'PARTIAL_FAILED' | 'FAILED';
  readonly numOfAddedElements: number;
  readonly numOfMergedElements: number;
  readonly numOfFailedElements: number;
  readonly failures: readonly BulkFailure[];
}

/** Failures listed in a bulk answer at most (all are counted). */
const FAILURES_LISTED = 1000;

export type LookupService = ReturnType<typeof createLookupService>;

const UNSAFE_CHARACTER = new RegExp(`[${UNSAFE_NAME_CHARACTERS}]`, 'u');

/** What is wrong with an element's fields, as [field, reason], or undefined when nothing is. */
function elementProblem(input: ElementInput, now: number, at: string): [string, string] | undefined {
  if (input.value.length < 1) return [`${at}value`, 'must not be empty'];
  if (input.value.length > LOOKUP_LIMITS.valueMax) return [`${at}value`, `must be at most ${LOOKUP_LIMITS.valueMax} characters`];
  // The names rule of every route (src/shared/safe-name.ts), checked here so a bulk add refuses only the item.
  if (UNSAFE_CHARACTER.test(input.value)) return [`${at}value`, 'must hold no control or bidirectional-override characters'];
  if (input.comment !== undefined && input.comment.length > LOOKUP_LIMITS.commentMax)
    return [`${at}comment`, `must be at most ${LOOKUP_LIMITS.commentMax} characters`];
  const expiry = input.expirationDate;
  if (expiry !== undefined && expiry !== null && expiry <= now)
    return [`${at}expirationDate`, 'must be in the future (epoch milliseconds)'];
  return undefined;
}

function checkedElement(input: ElementInput, now: number): void {
  const problem = elementProblem(input, now, 'body.');
  if (problem !== undefined) throw lookupErrors.invalid(problem[0], 'constraint', problem[1]);
}

export function createLookupService(deps: LookupServiceDeps) {
  const { db, clock } = deps;

  async function requireList(accountId: number, id: string): Promise<LookupList> {
    // GUIDs are made lower case; a client may write them in upper case.
    const list = await lookupListRepository.get(db, accountId, id.toLowerCase());
    if (list === undefined) throw lookupErrors.listNotFound(id);
    return list;
  }

  async function requireElement(accountId: number, listIdAsGiven: string, id: number): Promise<LookupElement> {
    const listId = listIdAsGiven.toLowerCase();
    await requireList(accountId, listId);
    const element = await lookupElementRepository.get(db, listId, id);
    if (element === undefined) throw lookupErrors.elementNotFound(listId, id);
    return element;
  }

  async function untitledName(accountId: number): Promise<string> {
    const taken = await lookupListRepository.namesStartingWith(db, accountId, UNTITLED_PREFIX);
    const numbers = taken
      .map((name) => name.slice(UNTITLED_PREFIX.length))
      .filter((n) => /^\d+$/.test(n))
      .map(Number);
    return `${UNTITLED_PREFIX}${Math.max(0, ...numbers) + 1}`;
  }

  const offsetOf = (page: PageRequest) => ({ offset: (page.pageNumber - 1) * page.pageSize, limit: page.pageSize });

  return {
    requireList,

    async createList(
      accountId: number,
      input: { name?: string | null | undefined; description?: string | undefined },
    ): Promise<LookupList> {
      const now = clock.now();
      const name = input.name === undefined || input.name === null || input.name === '' ? await untitledName(accountId) : input.name;
      const list: LookupList = {
        id: randomUUID(),
        accountId,
        name,
        description: input.description ?? '',
        version: 1,
        createdAt: now,
        updatedAt: now,
      };
      await lookupListRepository.insert(db, list);
      return list;
    },

    searchLists: (accountId: number, filter: ListFilter, page: PageRequest) =>
      lookupListRepository.search(
        db,
        accountId,
        { ...filter, ...(filter.byIds === undefined ? {} : { byIds: filter.byIds.map((id) => id.toLowerCase()) }) },
        offsetOf(page),
      ),

    getList: requireList,

    async updateList(
      accountId: number,
      id: string,
      input: { id?: string | undefined; name?: string | undefined; description?: string | undefined },
    ): Promise<LookupList> {
      if (input.id !== undefined && input.id !== id)
        throw lookupErrors.invalid('body.id', 'matches_path', `must be the list id of the path (${id})`);
      const existing = await requireList(accountId, id);
      const list: LookupList = {
        ...existing,
        name: input.name ?? existing.name,
        description: input.description ?? existing.description,
        updatedAt: clock.now(),
      };
      await lookupListRepository.update(db, list);
      return list;
    },

    async deleteList(accountId: number, id: string): Promise<LookupList> {
      const existing = await requireList(accountId, id);
      const dependents = await deps.dependentsOf(accountId, existing);
      if (dependents.length > 0) throw lookupErrors.listInUse(id, dependents);
      await db.transaction().execute(async (tx) => {
        if (!(await lookupListRepository.delete(tx, accountId, id))) throw lookupErrors.listNotFound(id);
      });
      return existing;
    },

    async addElement(accountId: number, listIdAsGiven: string, input: ElementInput): Promise<LookupElement> {
      const listId = listIdAsGiven.toLowerCase();
      await requireList(accountId, listId);
      const now = clock.now();
      checkedElement(input, now);
      return db.transaction().execute(async (tx) => {
        const existing = await lookupElementRepository.byValue(tx, listId, input.value);
        if (existing !== undefined) throw lookupErrors.valueExists('body.value', input.value, existing.id);
        const id = await lookupListRepository.touch(tx, listId, now, 1);
        const element: LookupElement = {
          id,
          listId,
          value: input.value,
          comment: input.comment ?? null,
          expiresAt: input.expirationDate ?? null,
          createdAt: now,
          updatedAt: now,
        };
        await lookupElementRepository.insert(tx, element);
        return element;
      });
    },

    async searchElements(accountId: number, listIdAsGiven: string, filter: ElementFilter, page: PageRequest) {
      const listId = listIdAsGiven.toLowerCase();
      await requireList(accountId, listId);
      return lookupElementRepository.search(db, listId, filter, offsetOf(page));
    },

    getElement: requireElement,

    /** Full replace (PUT): a comment or expiry left out is removed. */
    async updateElement(
      accountId: number,
      listIdAsGiven: string,
      id: number,
      input: ElementInput & { id?: number | undefined },
    ): Promise<LookupElement> {
      const listId = listIdAsGiven.toLowerCase();
      if (input.id !== undefined && input.id !== id)
        throw lookupErrors.invalid('body.id', 'matches_path', `must be the element id of the path (${id})`);
      const existing = await requireElement(accountId, listId, id);
      const now = clock.now();
      checkedElement(input, now);
      return db.transaction().execute(async (tx) => {
        const same = await lookupElementRepository.byValue(tx, listId, input.value);
        if (same !== undefined && same.id !== id) throw lookupErrors.valueExists('body.value', input.value, same.id);
        const element: LookupElement = {
          ...existing,
          value: input.value,
          comment: input.comment ?? null,
          expiresAt: input.expirationDate ?? null,
          updatedAt: now,
        };
        await lookupElementRepository.update(tx, element);
        await lookupListRepository.touch(tx, listId, now, 0);
        return element;
      });
    },

    async deleteElement(accountId: number, listIdAsGiven: string, id: number): Promise<LookupElement> {
      const listId = listIdAsGiven.toLowerCase();
      const existing = await requireElement(accountId, listId, id);
      await db.transaction().execute(async (tx) => {
        if (!(await lookupElementRepository.delete(tx, listId, id))) throw lookupErrors.elementNotFound(listId, id);
        await lookupListRepository.touch(tx, listId, clock.now(), 0);
      });
      return existing;
    },

    /**
     * Adds many elements in one transaction: a value the list holds is merged (its comment and expiry replaced when
     * the item gives them), a value given twice counts once (the last wins), and an item breaking a constraint is
     * reported by position while the others are written.
     */
    async bulkAdd(
      accountId: number,
      listIdAsGiven: string,
      items: readonly ElementInput[],
      defaultTTL: number | undefined,
    ): Promise<BulkOutcome> {
      const listId = listIdAsGiven.toLowerCase();
      await requireList(accountId, listId);
      const now = clock.now();
      if (defaultTTL !== undefined && defaultTTL <= now)
        throw lookupErrors.invalid('querystring.defaultTTL', 'constraint', 'must be in the future (epoch milliseconds)');
      const failures: BulkFailure[] = [];
      const byValue = new Map<string, ElementUpsert>();
      for (const [index, item] of items.entries()) {
        const problem = elementProblem(item, now, `body.${index}.`);
        if (problem !== undefined) {
          failures.push({ index, value: item.value, field: problem[0], reason: problem[1] });
          continue;
        }
        byValue.delete(item.value);
        byValue.set(item.value, { value: item.value, comment: item.comment ?? null, expiresAt: item.expirationDate ?? defaultTTL ?? null });
      }
      const upserts = [...byValue.values()];
      let added = 0;
      if (upserts.length > 0) {
        added = await db.transaction().execute(async (tx) => {
          const existing = await lookupElementRepository.existingValues(tx, listId, [...byValue.keys()]);
          const fresh = new Set(upserts.map((u) => u.value).filter((value) => !existing.has(value)));
          const firstId = await lookupListRepository.touch(tx, listId, now, fresh.size);
          await lookupElementRepository.upsertMany(tx, listId, upserts, fresh, firstId, now);
          return fresh.size;
        });
      }
      const status = failures.length === 0 ? 'SUCCESS' : upserts.length === 0 ? 'FAILED' : 'PARTIAL_FAILED';
      return {
        status,
        numOfAddedElements: added,
        numOfMergedElements: upserts.length - added,
        numOfFailedElements: failures.length,
        failures: failures.slice(0, FAILURES_LISTED),
      };
    },

    /** Removes elements expired at the clock's now; returns how many went. Matching never waited for it. */
    async removeExpired(): Promise<number> {
      const now = clock.now();
      let removed = 0;
      for (const listId of await lookupElementRepository.listsWithExpired(db, now)) {
        removed += await db.transaction().execute(async (tx) => {
          const n = await lookupElementRepository.deleteExpired(tx, listId, now);
          if (n > 0) await lookupListRepository.touch(tx, listId, now, 0);
          return n;
        });
      }
      return removed;
    },
  };
}
