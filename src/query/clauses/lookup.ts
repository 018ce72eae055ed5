import type { QueryAst } from '../ast.js';
import { dslError } from '../dsl/dsl-error.js';
import { child, readString, rejectUnknownKeys } from '../dsl/json-reader.js';
import { COMMON_KEYS, expandShorthand, fieldClause, keys, readBoost } from './common.js';

const ALLOWED = keys(COMMON_KEYS, ['list']);

/**
 * `lookup: {f: {list: "<id or name>"}}` or `lookup: {f: "<id or name>"}`: the field's whole value is a member of
 * the account's lookup list (Logward's own clause, decision 0451).
 */
export function parseLookup(body: unknown, path: string): QueryAst {
  const clause = fieldClause(body, path);
  const object = expandShorthand(clause, 'list');
  rejectUnknownKeys(object, ALLOWED, clause.path);
  if (object.list === undefined) throw dslError(child(clause.path, 'list'), 'list is required (the id or the name of a lookup list)');
  const list = readString(object.list, child(clause.path, 'list'));
  if (list.trim() === '') throw dslError(child(clause.path, 'list'), 'list must not be empty');
  return { kind: 'lookup', field: clause.field, list, members: null, boost: readBoost(object, clause.path) };
}
