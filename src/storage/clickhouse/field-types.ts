/**
 * Elasticsearch-style dynamic typing of field values, and the per-account record of which
 * (type, array-ness) pairs have been seen for each field, as a bit mask so append stays cheap.
 */
import type { CatalogFieldType, FieldValue } from '../log-store.js';

/**
 * A value's mapping type, or `nonplain`: a string value the engine's tokenizer does not split as the analyzer
 * does. It is no type of its own; it marks the field for token tests by regular expression (decision 0129).
 */
export type ObservedType = Exclude<CatalogFieldType, 'keyword' | 'object'> | 'nonplain';
export type MappingType = Exclude<ObservedType, 'nonplain'>;

const TYPE_BITS: Readonly<Record<ObservedType, number>> = { text: 1, date: 2, long: 4, double: 8, boolean: 16, nonplain: 32 };
const ARRAY_SHIFT = 8;
export const OBSERVED_TYPES: readonly ObservedType[] = ['text', 'date', 'long', 'double', 'boolean', 'nonplain'];
/** The bit recording that a field holds a string the engine tokenizes differently from the analyzer. */
export const NONPLAIN_BIT = TYPE_BITS.nonplain;

/** The bit of a (type, array-ness) observation in a field's mask. */
export function observationBit(type: ObservedType, inArray: boolean): number {
  return TYPE_BITS[type] << (inArray ? ARRAY_SHIFT : 0);
}

// ISO-8601 date or date-time as Elasticsearch's default `strict_date_optional_time` accepts it.
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

export function typeOfPrimitive(value: string | number | boolean): MappingType {
  if (typeof value === 'string') {
    // Cheap shape check first: almost no string is a date.
    return value.length >= 10 && value.charCodeAt(4) === 45 && value.charCodeAt(7) === 45 && ISO_DATE.test(value) ? 'date' : 'text';
  }
  if (typeof value === 'number') return Number.isInteger(value) ? 'long' : 'double';
  return 'boolean';
}

/** The observed type of a field value, undefined for null and arrays without a non-null element. */
export function typeOfValue(value: FieldValue): MappingType | undefined {
  if (value === null) return undefined;
  if (Array.isArray(value)) {
    const first = value.find((element) => element !== null);
    return first === undefined || first === null ? undefined : typeOfPrimitive(first);
  }
  return typeOfPrimitive(value as string | number | boolean);
}

/** long and double live in the same Float64 place; Elasticsearch would coerce one into the other. */
export function isConflict(first: MappingType, other: MappingType): boolean {
  const numeric = (type: MappingType) => type === 'long' || type === 'double';
  return first !== other && !(numeric(first) && numeric(other));
}
