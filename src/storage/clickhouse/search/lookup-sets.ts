/**
 * Engine-side sets of big lookup lists (decision 0451). A list's values inlined as one JSON literal cost every
 * statement of a search 40–100 ms to parse and hash (100,000 values); an engine `Set` table named by the hash of
 * its contents is filled once per process and then answers `x IN lookup_set_<hash>` in a couple of milliseconds.
 * Names follow contents, so a changed list (or one whose elements expired) simply gets another table and no table
 * is ever stale; tables are in memory only (`persistent = 0`) and the least recently used beyond a few are dropped
 * after a grace period. Another process may drop one this process still names: the executors then forget every
 * table and run the statement again.
 */
import { createHash } from 'node:crypto';
import type { LookupMembers, QueryAst } from '../../../query/index.js';
import { sqlIdentifier } from '../sql-literals.js';
import type { ClickHouseTransport } from '../transport.js';

/** Smaller lists stay inline: a table costs a round trip to create and memory in the engine. */
const SET_MIN_VALUES = 1000;
const SETS_KEPT = 32;
/** An evicted table lives this long, for statements of other processes that still name it. */
const DROP_GRACE_MS = 10 * 60_000;
export const LOOKUP_SET_PREFIX = 'lookup_set_';

export interface LookupSets {
  /** The engine tables holding the string values of the big lists these queries name, created on first use. */
  tablesFor(queries: readonly (QueryAst | null)[]): Promise<ReadonlyMap<LookupMembers, string>>;
  /** Forgets every table, so the next use fills it again (one was reported missing). */
  forgetAll(): void;
}

function membersIn(query: QueryAst | null, found: LookupMembers[]): void {
  if (query === null) return;
  switch (query.kind) {
    case 'lookup':
      if (query.members !== null && query.members.values.length >= SET_MIN_VALUES) found.push(query.members);
      return;
    case 'bool':
      for (const q of [...query.must, ...query.should, ...query.mustNot, ...query.filter]) membersIn(q, found);
      return;
    case 'dis_max':
      for (const q of query.queries) membersIn(q, found);
      return;
    case 'constant_score':
      membersIn(query.filter, found);
      return;
    case 'boosting':
      membersIn(query.positive, found);
      membersIn(query.negative, found);
      return;
    default:
      return;
  }
}

/** Whether an engine error says a lookup set table is gone. */
export function isMissingLookupSet(error: unknown): boolean {
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
  const text = String(cause);
  return text.includes(LOOKUP_SET_PREFIX) && (text.includes('UNKNOWN_TABLE') || text.includes('Code: 60'));
}

export function createLookupSets(transport: ClickHouseTransport): LookupSets {
  /** Table name → its filling (done or in flight), least recently used first. */
  const tables = new Map<string, Promise<void>>();

  function evict(): void {
    while (tables.size > SETS_KEPT) {
      const oldest = tables.keys().next();
      if (oldest.done === true) return;
      tables.delete(oldest.value);
      const name = oldest.value;
      setTimeout(() => {
        if (!tables.has(name)) transport.exec(`DROP TABLE IF EXISTS ${sqlIdentifier(name)}`).catch(() => undefined);
      }, DROP_GRACE_MS).unref();
    }
  }

  async function fill(name: string, values: readonly string[]): Promise<void> {
    await transport.exec(`CREATE TABLE IF NOT EXISTS ${sqlIdentifier(name)} (v String) ENGINE = Set SETTINGS persistent = 0`);
    const rows = values.map((v) => JSON.stringify({ v })).join('\n');
    await transport.insertJsonEachRow(name, Buffer.from(rows));
  }

  async function tableOf(members: LookupMembers): Promise<string> {
    const name = `${LOOKUP_SET_PREFIX}${createHash('sha256').update(JSON.stringify(members.values)).digest('hex').slice(0, 32)}`;
    let filled = tables.get(name);
    if (filled === undefined) {
      filled = fill(name, members.values);
      // A failed filling is tried again by the next query.
      filled.catch(() => tables.delete(name));
    } else {
      tables.delete(name);
    }
    tables.set(name, filled);
    evict();
    await filled;
    return name;
  }

  return {
    async tablesFor(queries) {
      const found: LookupMembers[] = [];
      for (const query of queries) membersIn(query, found);
      const result = new Map<LookupMembers, string>();
      for (const members of new Set(found)) result.set(members, await tableOf(members));
      return result;
    },
    forgetAll: () => tables.clear(),
  };
}
