import type { QueryAst } from '../ast.js';
import { expectObject, rejectUnknownKeys } from '../dsl/json-reader.js';
import { COMMON_KEYS, keys, readBoost } from './common.js';

const ALLOWED = keys(COMMON_KEYS);

export function parseMatchAll(body: unknown, path: string): QueryAst {
  const object = expectObject(body, path);
  rejectUnknownKeys(object, ALLOWED, path);
  return { kind: 'match_all', boost: readBoost(object, path) };
}

export function parseMatchNone(body: unknown, path: string): QueryAst {
  rejectUnknownKeys(expectObject(body, path), ALLOWED, path);
  return { kind: 'match_none' };
}
