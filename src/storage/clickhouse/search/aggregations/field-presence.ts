/**
 * Rule field-presence (decision 0785): a `filters` aggregation whose every filter is a plain `exists`, as Discover
 * asks which fields of the catalog hold a value among the matching logs. Compiled filter by filter it is one lookup
 * per field per row in the maps (`str['env'] IS NOT NULL OR …`), each reading the map's values again. Here one pass
 * reads each map's keys and null flags once (`str.keys`, `str.values.null`, `arr.values.size1`: never the values)
 * and turns each row into the list of filters it passes; the filters the maps cannot answer alone (a hot or core
 * column, a pattern, an object name) keep their own compiled test, as one more entry of that list. Each bucket's
 * doc_count is the one the filter compiled alone gives (field-presence.test.ts, search-rules-equivalence.test.ts).
 */
import type { AggregationAst } from '../../../../query/index.js';
import { hotColumnOf } from '../../field-sql.js';
import { HOT_FIELDS, MAP_COLUMNS, type StoredKind } from '../../log-table-schema.js';
import { sqlString } from '../../sql-literals.js';
import type { CompileContext } from '../compile/compile-context.js';
import { compileQuery } from '../compile/query-compiler.js';
import type { Bucket } from './bucket-shapes.js';

export type FiltersAggregation = Extract<AggregationAst, { kind: 'filters' }>;
type MapKind = StoredKind | 'array';

/** How one filter is answered: from the maps' keys, from whether a key under an object's name is there, or its own test. */
type Presence =
  /** A field stored in the maps alone: present where one of its kinds' maps holds its name with a value. */
  | { readonly kind: 'keys'; readonly name: string; readonly maps: readonly MapKind[] }
  /** An object name (`kubernetes`): present where any map holds a key under it, as patternExists tests `name.*`. */
  | { readonly kind: 'object'; readonly prefix: string }
  /** Anything else (hot and core columns, patterns, a name in no log): its compiled test. */
  | { readonly kind: 'test'; readonly where: string };

const MAP_KINDS: readonly MapKind[] = ['string', 'number', 'boolean', 'array'];
const mapColumn = (kind: MapKind): string => (kind === 'array' ? MAP_COLUMNS.array : MAP_COLUMNS[kind]);

/** The filters aggregation the rule answers: every filter a plain `exists`, no sub-aggregation, no other bucket. */
export function isFieldPresence(agg: AggregationAst): agg is FiltersAggregation {
  return (
    agg.kind === 'filters' &&
    agg.aggregations.length === 0 &&
    !agg.otherBucket &&
    agg.filters.length > 0 &&
    agg.filters.every((filter) => filter.query.kind === 'exists')
  );
}

/**
 * Where `exists` on `name` looks, following query-compiler.ts `existsCompiled` branch by branch: a pattern, a field
 * the catalog maps (core or hot column, else its kinds' maps and the array map), an object name (any key under it),
 * or nothing. Only the maps' keys and the object prefixes are answered here; every other branch keeps its own test.
 */
function presenceOf(context: CompileContext, name: string, compiled: () => string): Presence {
  if (name.includes('*')) return { kind: 'test', where: compiled() };
  const field = context.catalog.resolve(name);
  if (field.shape !== 'unmapped') {
    if (field.column !== null) return { kind: 'test', where: compiled() };
    const maps: MapKind[] = [];
    for (const kind of field.kinds) {
      // A hot column holds its own kind (row-encoder.ts writes the other kinds to the maps): tested as compiled.
      if (hotColumnOf(field.name, kind) !== undefined) return { kind: 'test', where: compiled() };
      maps.push(kind);
    }
    if (field.inArrays) maps.push('array');
    return maps.length === 0 ? { kind: 'test', where: compiled() } : { kind: 'keys', name: field.name, maps };
  }
  const prefix = `${name}.`;
  // patternExists also tests the hot and core columns the pattern matches: none has a dot in its name today.
  const columns = [...HOT_FIELDS.map((hot) => hot.name), 'message'];
  if (context.catalog.expand(`${name}.*`).length === 0 || columns.some((column) => column.startsWith(prefix)))
    return { kind: 'test', where: compiled() };
  return { kind: 'object', prefix };
}

export interface FieldPresenceStatement {
  readonly sql: string;
  /** The buckets from the statement's rows, by filter index, as the per-filter GROUP BY gives them (counts > 0). */
  buckets(rows: readonly Record<string, unknown>[]): Bucket[];
}

const id = (n: number): string => `toUInt32(${n})`;

/**
 * The ids of the fields a map holds with a value in a row, 0 for its other keys: non-null scalars, non-empty arrays,
 * read from the keys and their null flags or sizes alone (never the values). `transform` looks a key up in one hash
 * table of the names asked, where `has` over their list compares each.
 */
function mapIds(kind: MapKind, ids: ReadonlyMap<string, number>): string {
  const column = mapColumn(kind);
  const names = [...ids.keys()].sort();
  const lookup = `transform(k, [${names.map(sqlString).join(', ')}], [${names.map((name) => id(ids.get(name) ?? 0)).join(', ')}], ${id(0)})`;
  return kind === 'array'
    ? `arrayMap((k, n) -> if(n > 0, ${lookup}, ${id(0)}), ${column}.keys, ${column}.values.size1)`
    : `arrayMap((k, n) -> if(n = 0, ${lookup}, ${id(0)}), ${column}.keys, ${column}.values.null)`;
}

/**
 * The one statement answering a field-presence filters aggregation over `table` under `where`: each row's list of
 * the ids of the filters it passes (a field's id from the maps' keys, a test's own), ARRAY JOINed and counted per
 * id. One pass, each map's keys read once, numbers grouped; at 1M real logs about a quarter of the engine CPU of
 * the per-filter statement (docs/benchmarks.md).
 */
export function fieldPresenceStatement(
  context: CompileContext,
  agg: FiltersAggregation,
  table: string,
  where: string,
): FieldPresenceStatement {
  const presences = agg.filters.map((filter): Presence => {
    const compiled = (): string => compileQuery(context, filter.query).where;
    // isFieldPresence admits `exists` alone; any other filter would keep its own test.
    return filter.query.kind === 'exists' ? presenceOf(context, filter.query.field, compiled) : { kind: 'test', where: compiled() };
  });
  // A field's id is 1 + the index of its first filter (`x` and `x.keyword` share it); a test's, 1 + its own index.
  const fieldIds = new Map<string, number>();
  const byMap = new Map<MapKind, Map<string, number>>();
  const idOf = presences.map((presence, i) => {
    if (presence.kind !== 'keys') return i + 1;
    const known = fieldIds.get(presence.name) ?? i + 1;
    fieldIds.set(presence.name, known);
    for (const kind of presence.maps) byMap.set(kind, (byMap.get(kind) ?? new Map<string, number>()).set(presence.name, known));
    return known;
  });
  const allKeys = `arrayConcat(${MAP_KINDS.map((kind) => `${mapColumn(kind)}.keys`).join(', ')})`;
  const tests = presences.flatMap((presence, i) => {
    if (presence.kind === 'test') return [`if(${presence.where}, ${id(i + 1)}, ${id(0)})`];
    if (presence.kind === 'object')
      return [`if(arrayExists(k -> startsWith(k, ${sqlString(presence.prefix)}), ${allKeys}), ${id(i + 1)}, ${id(0)})`];
    return [];
  });
  const lists = [
    ...MAP_KINDS.flatMap((kind) => {
      const ids = byMap.get(kind);
      return ids === undefined ? [] : [mapIds(kind, ids)];
    }),
    ...(tests.length === 0 ? [] : [`[${tests.join(', ')}]`]),
  ];
  const passed = `arrayFilter(x -> x > 0, ${lists.length === 1 ? (lists[0] ?? '[]') : `arrayConcat(${lists.join(', ')})`})`;
  // A field stored under several kinds is counted once per row, as its one compiled OR counts it.
  const several = presences.some((presence) => presence.kind === 'keys' && presence.maps.length > 1);
  const ids = several ? `arrayDistinct(${passed})` : passed;
  return {
    // The rows are chosen before the ARRAY JOIN: with the WHERE after it, the engine's plan lost a text-index test it
    // had moved (NOT_FOUND_COLUMN) when the aggregations read the table led by the index superset.
    sql: `SELECT __id, count() AS __c FROM (SELECT ${ids} AS __ids FROM ${table} WHERE ${where}) ARRAY JOIN __ids AS __id GROUP BY __id`,
    buckets(rows) {
      const counts = new Map<number, number>();
      for (const row of rows) counts.set(Number(row.__id), Number(row.__c ?? 0));
      const buckets: Bucket[] = [];
      idOf.forEach((at, i) => {
        const count = counts.get(at) ?? 0;
        if (count > 0) buckets.push({ key: i, docCount: count, children: {} });
      });
      return buckets;
    },
  };
}
