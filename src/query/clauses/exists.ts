import type { QueryAst } from '../ast.js';
import { dslError } from '../dsl-error.js';
import { child, expectObject, rejectUnknownKeys } from '../json-reader.js';
import { COMMON_KEYS, keys, readBoost, readField } from './common.js';

const ALLOWED = keys(COMMON_KEYS, ['field']);

export function parseExists(body: unknown, path: string): QueryAst {
  const object = expectObject(body, path);
  rejectUnknownKeys(object, ALLOWED, path);
  if (object.field === undefined) throw dslError(child(path, 'field'), 'field is required');
  return { kind: 'exists', field: readField(object.field, child(path, 'field')), boost: readBoost(object, path) };
}
