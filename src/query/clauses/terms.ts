import type { QueryAst } from '../ast.js';
import { dslError } from '../dsl/dsl-error.js';
import { child, expectArray, expectObject, isObject, readScalar } from '../dsl/json-reader.js';
import { readBoost } from './common.js';

/** ES's index.max_terms_count. */
const MAX_TERMS_COUNT = 65_536;

/** `terms: {f: [v…], boost}`: one of the exact values. The terms-lookup form needs another index: refused. */
export function parseTerms(body: unknown, path: string): QueryAst {
  const object = expectObject(body, path);
  const fields = Object.keys(object).filter((key) => key !== 'boost' && key !== '_name');
  const field = fields[0];
  if (field === undefined) throw dslError(path, 'expected a field with a list of values');
  if (fields.length > 1) throw dslError(path, `expected one field but found [${fields.join(', ')}]`);
  const at = child(path, field);
  const raw = object[field];
  if (isObject(raw)) throw dslError(at, 'terms lookup is not supported');
  const list = expectArray(raw, at);
  if (list.length > MAX_TERMS_COUNT) {
    throw dslError(
      at,
      `The number of terms [${list.length}] used in the Terms Query request has exceeded the allowed maximum of [${MAX_TERMS_COUNT}]`,
    );
  }
  const values = list.map((value, index) => readScalar(value, child(at, index)));
  return { kind: 'terms', field, values, boost: readBoost(object, path) };
}
