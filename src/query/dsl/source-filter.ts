import type { SourceFilter } from '../ast.js';
import { dslError } from './dsl-error.js';
import { arrayOrSingle, child, describe, expectObject, readString, rejectUnknownKeys } from './json-reader.js';

const OBJECT_KEYS = new Set(['includes', 'include', 'excludes', 'exclude']);

function readPatterns(value: unknown, path: string): string[] {
  return arrayOrSingle(value).map((pattern, index) => readString(pattern, Array.isArray(value) ? child(path, index) : path));
}

/** `_source`: `true`/`false`, `"f*"`, `["a", "b"]`, or `{includes, excludes}` (also the singular spellings). */
export function parseSourceFilter(value: unknown, path: string): SourceFilter {
  if (value === undefined || value === true) return { enabled: true, includes: [], excludes: [] };
  if (value === false) return { enabled: false };
  if (typeof value === 'string' || Array.isArray(value)) return { enabled: true, includes: readPatterns(value, path), excludes: [] };
  if (typeof value !== 'object' || value === null)
    throw dslError(path, `expected a boolean, a string, an array or an object but found ${describe(value)}`);
  const object = expectObject(value, path);
  rejectUnknownKeys(object, OBJECT_KEYS, path);
  const includes = object.includes ?? object.include;
  const excludes = object.excludes ?? object.exclude;
  return {
    enabled: true,
    includes: includes === undefined ? [] : readPatterns(includes, child(path, object.includes === undefined ? 'include' : 'includes')),
    excludes: excludes === undefined ? [] : readPatterns(excludes, child(path, object.excludes === undefined ? 'exclude' : 'excludes')),
  };
}
