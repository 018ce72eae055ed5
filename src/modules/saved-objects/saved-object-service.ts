import { randomUUID } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import type { Actor, Principal } from '../../shared/principal.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import { completeAttributes } from './saved-object-attributes.js';
import { savedObjectErrors } from './saved-object-errors.js';
import { importNameOf, newHit, readImportedHit, titleOf, toSavedObject, withContent, type ImportedHit } from './saved-object-hit.js';
import { objectKey, savedObjectRepository } from './saved-object-repository.js';
import type { JsonObject, SavedObject, SavedObjectRecord, SavedObjectReference, SavedObjectType } from './saved-object.js';

/**
 * The Kibana version exports name: the one the Terraform provider's examples configure, since the provider
 * stores the exported version and would otherwise show a change on every plan (decision 0500).
 */
export const KIBANA_VERSION = '7.2.1';

export interface SavedObjectServiceDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
  /** Who a principal's writes are recorded as. */
  readonly actorOf: (principal: Principal) => Promise<Actor>;
}

export interface SavedObjectContent {
  readonly attributes: JsonObject;
  readonly references?: readonly SavedObjectReference[] | undefined;
}

export interface SavedObjectListPage {
  readonly total: number;
  readonly page: number;
  readonly perPage: number;
  readonly objects: readonly SavedObject[];
}

export interface ImportResult {
  readonly created: string[];
  readonly updated: string[];
  readonly ignored: string[];
  readonly failed: string[];
  /** Why each failed hit failed: Logz.io's answer has no place for it, so the route logs it. */
  readonly failures: { readonly name: string; readonly reason: string }[];
}

/** A hit an import can store. */
type ReadableHit = Extract<ImportedHit, { ok: true }>;

export type SavedObjectService = ReturnType<typeof createSavedObjectService>;

/** Saved searches, visualizations and dashboards of the principal's account (decision 0500). */
export function createSavedObjectService(deps: SavedObjectServiceDeps) {
  const { db, clock, actorOf } = deps;

  async function mustGet(accountId: number, type: SavedObjectType, id: string): Promise<SavedObjectRecord> {
    const record = await savedObjectRepository.get(db, accountId, type, id);
    if (record === undefined) throw savedObjectErrors.notFound(type, id);
    return record;
  }

  return {
    async list(
      principal: Principal,
      type: SavedObjectType,
      options: { readonly search?: string | undefined; readonly page: number; readonly perPage: number },
    ): Promise<SavedObjectListPage> {
      const { total, records } = await savedObjectRepository.page(db, principal.accountId, type, {
        search: options.search,
        offset: (options.page - 1) * options.perPage,
        limit: options.perPage,
      });
      return { total, page: options.page, perPage: options.perPage, objects: records.map(toSavedObject) };
    },

    async get(principal: Principal, type: SavedObjectType, id: string): Promise<SavedObject> {
      return toSavedObject(await mustGet(principal.accountId, type, id));
    },

    async create(principal: Principal, type: SavedObjectType, content: SavedObjectContent & { readonly id?: string | undefined }) {
      const attributes = completeAttributes(type, content.attributes);
      const references = content.references ?? [];
      const { email } = await actorOf(principal);
      const now = clock.now();
      const id = content.id ?? randomUUID();
      const record: SavedObjectRecord = {
        accountId: principal.accountId,
        type,
        id,
        title: titleOf(attributes),
        hit: newHit(type, id, attributes, references, now),
        version: 1,
        createdAt: now,
        updatedAt: now,
        createdBy: email,
        updatedBy: email,
      };
      await db.transaction().execute(async (tx) => {
        if (!(await savedObjectRepository.insert(tx, record))) throw savedObjectErrors.alreadyExists(type, id);
      });
      return toSavedObject(record);
    },

    async update(
      principal: Principal,
      type: SavedObjectType,
      id: string,
      content: SavedObjectContent & { readonly version?: number | undefined },
    ): Promise<SavedObject> {
      const attributes = completeAttributes(type, content.attributes);
      const references = content.references ?? [];
      const { email } = await actorOf(principal);
      const now = clock.now();
      return db.transaction().execute(async (tx) => {
        const stored = await savedObjectRepository.get(tx, principal.accountId, type, id);
        if (stored === undefined) throw savedObjectErrors.notFound(type, id);
        if (content.version !== undefined && content.version !== stored.version) {
          throw savedObjectErrors.versionConflict(type, id, content.version, stored.version);
        }
        const record: SavedObjectRecord = {
          ...stored,
          title: titleOf(attributes),
          hit: withContent(stored.hit, type, attributes, references, now),
          version: stored.version + 1,
          updatedAt: now,
          updatedBy: email,
        };
        await savedObjectRepository.replace(tx, record);
        return toSavedObject(record);
      });
    },

    /** Refused while another object of the account references this one: the error names each. */
    async delete(principal: Principal, type: SavedObjectType, id: string): Promise<void> {
      await db.transaction().execute(async (tx) => {
        if ((await savedObjectRepository.get(tx, principal.accountId, type, id)) === undefined) throw savedObjectErrors.notFound(type, id);
        const dependents = await savedObjectRepository.dependentsOf(tx, principal.accountId, type, id);
        if (dependents.length > 0) throw savedObjectErrors.referenced(type, id, dependents);
        await savedObjectRepository.delete(tx, principal.accountId, type, id);
      });
    },

    /** Every object of the type as its hit, verbatim (reference §2.5). */
    async exportType(principal: Principal, type: SavedObjectType): Promise<{ kibanaVersion: string; hits: JsonObject[] }> {
      const records = await savedObjectRepository.listAll(db, principal.accountId, type);
      return { kibanaVersion: KIBANA_VERSION, hits: records.map((record) => record.hit) };
    },

    /**
     * Stores each readable hit as it came: new ones are created, existing ones replaced with `override` and
     * otherwise left alone; an unreadable hit is `failed` and does not stop the others. One transaction; hits
     * are judged in request order, so a repeated id is created by its first hit and updated or ignored by the next.
     */
    async import(principal: Principal, request: { readonly override?: boolean | undefined; readonly hits: readonly unknown[] }) {
      const { accountId } = principal;
      const { email } = await actorOf(principal);
      const now = clock.now();
      const outcomes: { name: string; outcome: 'created' | 'updated' | 'ignored' | 'failed' }[] = [];
      const failures: { name: string; reason: string }[] = [];
      const readable: { at: number; read: ReadableHit }[] = [];
      for (const [at, value] of request.hits.entries()) {
        const name = importNameOf(value, at);
        const read = readImportedHit(value);
        outcomes.push({ name, outcome: 'failed' });
        if (read.ok) readable.push({ at, read });
        else failures.push({ name, reason: read.reason });
      }
      const recordOf = (read: ReadableHit): SavedObjectRecord => ({
        accountId,
        type: read.type,
        id: read.id,
        title: read.title,
        hit: read.hit,
        version: 1,
        createdAt: now,
        updatedAt: now,
        createdBy: email,
        updatedBy: email,
      });

      await db.transaction().execute(async (tx) => {
        // What each id holds as the hits are judged: the account's objects, then what this import wrote.
        const current = await savedObjectRepository.getMany(
          tx,
          accountId,
          readable.map(({ read }) => read),
        );
        // The first hit of each id the account lacks is created in bulk (an import may hold thousands); every
        // other hit goes one by one, after it.
        const first = new Map<string, { at: number; read: ReadableHit }>();
        for (const entry of readable) {
          const key = objectKey(entry.read.type, entry.read.id);
          if (!current.has(key) && !first.has(key)) first.set(key, entry);
        }
        const firstRecords = [...first.values()].map(({ read }) => recordOf(read));
        const created = await savedObjectRepository.insertMany(tx, firstRecords);
        for (const record of firstRecords) {
          const key = objectKey(record.type, record.id);
          if (created.has(key)) current.set(key, record);
        }
        const toReplace = new Map<string, SavedObjectRecord>();
        for (const entry of readable) {
          const key = objectKey(entry.read.type, entry.read.id);
          const outcome = outcomes[entry.at] as { name: string; outcome: string };
          if (first.get(key) === entry && created.has(key)) {
            outcome.outcome = 'created';
            continue;
          }
          // Only an id another request created or deleted meanwhile is not known here.
          const stored = current.get(key) ?? (await savedObjectRepository.get(tx, accountId, entry.read.type, entry.read.id));
          if (stored === undefined) {
            const record = recordOf(entry.read);
            if (await savedObjectRepository.insert(tx, record)) {
              current.set(key, record);
              outcome.outcome = 'created';
            } else {
              failures.push({ name: outcome.name, reason: 'changed by another request while this one imported it' });
            }
          } else if (request.override === true) {
            const replaced: SavedObjectRecord = {
              ...stored,
              title: entry.read.title,
              hit: entry.read.hit,
              version: stored.version + 1,
              updatedAt: now,
              updatedBy: email,
            };
            current.set(key, replaced);
            // Written once per id after the loop: a later hit of the same id replaces this one.
            toReplace.set(key, replaced);
            outcome.outcome = 'updated';
          } else {
            outcome.outcome = 'ignored';
          }
        }
        await savedObjectRepository.replaceMany(tx, [...toReplace.values()]);
      });
      const named = (kind: string) => outcomes.filter((o) => o.outcome === kind).map((o) => o.name);
      const result: ImportResult = {
        created: named('created'),
        updated: named('updated'),
        ignored: named('ignored'),
        failed: named('failed'),
        failures,
      };
      return result;
    },
  };
}
