import { dslError } from './dsl-error.js';
import { readString } from './json-reader.js';

export function readField(value: unknown, path: string): string {
  const field = readString(value, path);
  if (field === '') throw dslError(path, 'field name must not be empty');
  return field;
}

export interface BoostedField {
  readonly field: string;
  readonly boost: number;
}

/** `"title^2"` → title with boost 2 (multi_match, query_string `fields`). */
export function readBoostedField(value: unknown, path: string): BoostedField {
  const text = readField(value, path);
  const caret = text.lastIndexOf('^');
  if (caret <= 0) return { field: text, boost: 1 };
  const boost = Number(text.slice(caret + 1));
  if (!Number.isFinite(boost) || boost < 0) throw dslError(path, `invalid field boost in ${JSON.stringify(text)}`);
  return { field: text.slice(0, caret), boost };
}
