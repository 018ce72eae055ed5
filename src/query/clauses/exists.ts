import type { QueryAst } from '../ast.js';
import { dslError } from '../dsl/dsl-error.js';
import { child, expectObject, rejectUnknownKeys } from '../dsl/json-reader.js';
import { readField } from '../dsl/field-names.js';
import { COMMON_KEYS, keys, readBoost } from './common.js';

const ALLOWED = keys(COMMON_KEYS, ['field']);

export function parseExists(body: unknown, path: string): QueryAst {
  const object = expectObject(body, path);
  rejectUnknownKeys(object, ALLOWED, path);
  if (object.field === undefined) throw dslError(child(path, 'field'), 'field is required');
  return { kind: 'exists', field: readField(object.field, child(path, 'field')), boost: readBoost(object, path) };
}
