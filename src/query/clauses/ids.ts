import type { QueryAst } from '../ast.js';
import { child, expectArray, expectObject, readScalar, rejectUnknownKeys } from '../dsl/json-reader.js';
import { COMMON_KEYS, keys, readBoost } from './common.js';

const ALLOWED = keys(COMMON_KEYS, ['values', 'type']);

/** `ids: {values: [...]}` (`type` is accepted as ES 6 did). Ids are strings; numbers are taken as written. */
export function parseIds(body: unknown, path: string): QueryAst {
  const object = expectObject(body, path);
  rejectUnknownKeys(object, ALLOWED, path);
  const at = child(path, 'values');
  const values =
    object.values === undefined ? [] : expectArray(object.values, at).map((value, index) => String(readScalar(value, child(at, index))));
  return { kind: 'ids', values, boost: readBoost(object, path) };
}
