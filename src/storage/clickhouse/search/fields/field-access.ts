/**
 * How the compiler reads a field the request names, on top of the addressing rules of ../field-sql.ts
 * (docs/log-schema.md): core columns, hot columns, the per-kind maps and the array map.
 */
import type { CatalogFieldType } from '../../../log-store.js';
import { MAX_CATALOG_FIELDS_PER_ACCOUNT, type FieldValues, type SearchCatalogField } from '../../field-catalog.js';
import { arraySql, scalarSql, storedKindsOf } from '../../field-sql.js';
import { MAP_COLUMNS, MESSAGE_TEXT_INDEX, MESSAGE_TOKENS_SQL, type StoredKind } from '../../log-table-schema.js';
import { patternNumbers, patternStrings, type FieldPattern } from './field-pattern.js';

/** What a field is to a query: decides term vs token semantics, numeric vs string comparison. */
export type FieldShape = 'text' | 'keyword' | 'number' | 'date' | 'boolean' | 'unmapped';

export interface FieldRef {
  /** Name as stored (without `.keyword`). */
  readonly name: string;
  readonly shape: FieldShape;
  /** The core column when the field has one (`ts`, `id`, `type`, `message`, `size_bytes`). */
  readonly column: string | null;
  readonly kinds: readonly StoredKind[];
  readonly inArrays: boolean;
  /** Every string value is plain text (CatalogField.plainText): token tests need no regular expression. */
  readonly plainText: boolean;
  /** Set for a field pattern (`*`, `actor.*`): every matching field at once, read as text and numbers. */
  readonly pattern?: FieldPattern;
  /** The text index holding the value's tokens, whose dictionary token patterns look up (token-dictionary.ts). */
  readonly tokenIndex?: TokenIndex;
}

/** A text index of log-table-schema.ts over the tokens of a text value. */
export interface TokenIndex {
  readonly name: string;
  /** Its expression: a row's tokens. */
  readonly tokens: string;
  /**
   * Where its tokens are exactly the value's analyzer tokens: on every row, on rows with `message_plain` = 1, or
   * nowhere (it only narrows the rows down, before the test of the value itself).
   */
  readonly exact: 'all' | 'plain-rows' | 'none';
}

const CORE: Readonly<Record<string, { column: string; shape: FieldShape; kind: StoredKind }>> = {
  '@timestamp': { column: 'ts', shape: 'date', kind: 'number' },
  _id: { column: 'id', shape: 'keyword', kind: 'string' },
  _index: { column: 'type', shape: 'keyword', kind: 'string' },
  type: { column: 'type', shape: 'keyword', kind: 'string' },
  message: { column: 'message', shape: 'text', kind: 'string' },
  LogSize: { column: 'size_bytes', shape: 'number', kind: 'number' },
};

const SHAPE_OF: Readonly<Record<CatalogFieldType, FieldShape>> = {
  text: 'text',
  keyword: 'keyword',
  long: 'number',
  double: 'number',
  date: 'date',
  boolean: 'boolean',
  object: 'unmapped',
};

function mergeValues(a: FieldValues | undefined, b: FieldValues | undefined): FieldValues | undefined {
  if (a === undefined || b === undefined) return a ?? b;
  return { values: [...new Set([...a.values, ...b.values])], complete: a.complete && b.complete };
}

function merge(a: SearchCatalogField, b: SearchCatalogField): SearchCatalogField {
  const types = new Set([...a.conflictingTypes, b.type, ...b.conflictingTypes]);
  types.delete(a.type);
  const values = mergeValues(a.values, b.values);
  return {
    name: a.name,
    type: a.type,
    conflictingTypes: [...types],
    inArrays: a.inArrays || b.inArrays,
    plainText: a.plainText && b.plainText,
    ...(values === undefined ? {} : { values }),
  };
}

/** The fields of every account in scope, merged (the first type seen wins, the others are conflicts). */
export class FieldCatalog {
  private readonly fields = new Map<string, SearchCatalogField>();

  constructor(perAccount: Iterable<readonly SearchCatalogField[]>) {
    for (const list of perAccount) {
      for (const field of list) {
        const known = this.fields.get(field.name);
        this.fields.set(field.name, known === undefined ? field : merge(known, field));
      }
    }
  }

  get all(): readonly SearchCatalogField[] {
    return [...this.fields.values()];
  }

  /**
   * The string values a field of few values holds in the accounts in scope (FEW_VALUES_FIELDS, decision 0193), or
   * null where they are not known to be all listed: the field had too many, a catalog at its cap may miss the field,
   * or the field is catalogued with no list (it only ever held numbers, or a catalog made without values).
   */
  valuesOf(name: string): readonly string[] | null {
    if (this.fields.size >= MAX_CATALOG_FIELDS_PER_ACCOUNT) return null;
    const field = this.fields.get(name);
    if (field === undefined) return [];
    return field.values?.complete === true ? field.values.values : null;
  }

  /** `host`, `host.keyword`, `@timestamp`, ... → how to read it. */
  resolve(requested: string): FieldRef {
    const own = this.fields.get('type');
    if ((requested === 'type' || requested === 'type.keyword') && own !== undefined) {
      // Logs written to an Elasticsearch index keep their own `type` field; the others have only the log type.
      const column = `if(mapContains(${MAP_COLUMNS.string}, 'type'), ${scalarSql('type', 'string')}, type)`;
      const shape = requested === 'type' && own.type === 'text' ? 'text' : 'keyword';
      return { name: 'type', shape, column, kinds: ['string'], inArrays: false, plainText: false };
    }
    const core = CORE[requested];
    // `message` is catalogued only once a log's message was not plain text (field-catalog.ts); each row also says
    // so itself (`message_plain`). The other core columns are never tokenized.
    if (core !== undefined) {
      const plainText = requested === 'message' && this.fields.get('message')?.plainText !== false;
      const ref: FieldRef = { name: requested, shape: core.shape, column: core.column, kinds: [core.kind], inArrays: false, plainText };
      if (requested !== 'message') return ref;
      return { ...ref, tokenIndex: { name: MESSAGE_TEXT_INDEX, tokens: MESSAGE_TOKENS_SQL, exact: plainText ? 'all' : 'plain-rows' } };
    }
    if (requested === 'message.keyword')
      return { name: 'message', shape: 'keyword', column: 'message', kinds: ['string'], inArrays: false, plainText: false };
    if (requested === 'type.keyword')
      return { name: 'type', shape: 'keyword', column: 'type', kinds: ['string'], inArrays: false, plainText: false };
    const direct = this.fields.get(requested);
    if (direct !== undefined) return this.fromCatalog(direct, SHAPE_OF[direct.type]);
    if (requested.endsWith('.keyword')) {
      const base = this.fields.get(requested.slice(0, -'.keyword'.length));
      if (base !== undefined) return this.fromCatalog(base, base.type === 'text' ? 'keyword' : SHAPE_OF[base.type]);
    }
    return { name: requested, shape: 'unmapped', column: null, kinds: [], inArrays: false, plainText: false };
  }

  /** A field pattern as one text field over every matching field. */
  resolvePattern(glob: string): FieldRef {
    return { name: glob, shape: 'text', column: null, kinds: ['string', 'number'], inArrays: false, plainText: false, pattern: { glob } };
  }

  /** A field pattern (`actor.*`, `*`) → the concrete searchable names (core text fields included for `*`). */
  expand(pattern: string): string[] {
    if (!pattern.includes('*')) return [pattern];
    const re = new RegExp(
      `^${pattern
        .split('*')
        .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    );
    const names = ['message', 'type', ...this.fields.keys()];
    return names.filter((name) => re.test(name));
  }

  private fromCatalog(field: SearchCatalogField, shape: FieldShape): FieldRef {
    return { name: field.name, shape, column: null, kinds: storedKindsOf(field), inArrays: field.inArrays, plainText: field.plainText };
  }
}

/** SQL of the scalar of one kind, or null when the field never holds that kind. */
export function scalarOf(field: FieldRef, kind: StoredKind): string | null {
  if (field.pattern !== undefined) return null;
  if (field.column !== null) {
    if (field.column === 'ts') return kind === 'number' ? 'toUnixTimestamp64Milli(ts)' : null;
    return field.kinds.includes(kind) ? field.column : null;
  }
  return field.kinds.includes(kind) ? scalarSql(field.name, kind) : null;
}

/** Array(String) of the field's array values, or null. */
export function arrayOf(field: FieldRef): string | null {
  return field.inArrays ? arraySql(field.name) : null;
}

/**
 * A predicate true when any string value of the field (scalar or array element) satisfies `test`.
 * Every part is wrapped in ifNull so NOT over a missing field stays true, as in Elasticsearch, unless the test
 * says it never yields NULL (`nullSafe`): the smaller expression is cheaper to plan.
 */
export function anyString(field: FieldRef, test: (value: string) => string, nullSafe = false): string[] {
  if (field.pattern !== undefined) return patternStrings(field.pattern, test);
  const wrap = (sql: string): string => (nullSafe ? sql : `ifNull(${sql}, 0)`);
  const parts: string[] = [];
  const scalar = scalarOf(field, 'string');
  if (scalar !== null) parts.push(wrap(test(scalar)));
  const array = arrayOf(field);
  if (array !== null) parts.push(`arrayExists(x -> ${wrap(test('x'))}, ${array})`);
  return parts;
}

/** As anyString, over numeric values (array elements parsed as numbers). */
export function anyNumber(field: FieldRef, test: (value: string) => string): string[] {
  if (field.pattern !== undefined) return patternNumbers(field.pattern, test);
  const parts: string[] = [];
  const scalar = scalarOf(field, 'number');
  if (scalar !== null) parts.push(`ifNull(${test(scalar)}, 0)`);
  const array = arrayOf(field);
  if (array !== null && field.kinds.includes('number')) parts.push(`arrayExists(x -> ifNull(${test('toFloat64OrNull(x)')}, 0), ${array})`);
  return parts;
}

/** Epoch ms of a date field's values (string dates parsed; `@timestamp` read directly). */
export function dateMsOf(field: FieldRef): string | null {
  if (field.column === 'ts') return 'toUnixTimestamp64Milli(ts)';
  const scalar = scalarOf(field, 'string');
  // Parsed at microseconds and floored, as Elasticsearch truncates `.001999` to the millisecond.
  return scalar === null ? null : `intDiv(toUnixTimestamp64Micro(parseDateTime64BestEffortOrNull(${scalar}, 6, 'UTC')), 1000)`;
}

/** OR of parts; `0` when there is none (the field cannot match). */
export function anyOf(parts: readonly string[]): string {
  if (parts.length === 0) return '0';
  return parts.length === 1 ? (parts[0] ?? '0') : `(${parts.join(' OR ')})`;
}
