import type { MinimumShouldMatch } from '../ast.js';
import { dslError } from './dsl-error.js';

const SIMPLE = /^-?\d+%?$/;

function applySimple(spec: string, count: number): number {
  const negative = spec.startsWith('-');
  const digits = spec.replace(/^-/, '');
  const value = digits.endsWith('%') ? Math.floor((count * Number(digits.slice(0, -1))) / 100) : Number(digits);
  return negative ? count - value : value;
}

/**
 * The number of optional clauses that must match for `spec` (Lucene/ES semantics: `3`, `-2`, `75%`, `-25%`,
 * `2<75%`, `3<-1 5<50%`), clamped to [0, count].
 */
export function resolveMinimumShouldMatch(spec: MinimumShouldMatch, optionalClauses: number): number {
  const text = String(spec).trim();
  let required: number;
  if (text.includes('<')) {
    required = optionalClauses;
    for (const part of text.split(/\s+/)) {
      const [upTo, rule] = part.split('<');
      if (upTo === undefined || rule === undefined) continue;
      if (optionalClauses > Number(upTo)) required = applySimple(rule, optionalClauses);
    }
  } else {
    required = applySimple(text, optionalClauses);
  }
  return Math.max(0, Math.min(optionalClauses, required));
}

/** Validates a `minimum_should_match` value at `path`. */
export function readMinimumShouldMatch(value: unknown, path: string): MinimumShouldMatch {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string') {
    const valid = value
      .trim()
      .split(/\s+/)
      .every((part) => SIMPLE.test(part) || /^\d+<-?\d+%?$/.test(part));
    if (valid) return value.trim();
  }
  throw dslError(path, `invalid minimum_should_match ${JSON.stringify(value)}`);
}

/**
 * bool's effective minimum_should_match: as written, else ES's default — 1 when there are should clauses and no
 * must or filter clause (must_not does not count), 0 otherwise.
 */
export function effectiveMinimumShouldMatch(bool: {
  readonly must: readonly unknown[];
  readonly filter: readonly unknown[];
  readonly should: readonly unknown[];
  readonly minimumShouldMatch: MinimumShouldMatch | null;
}): number {
  if (bool.minimumShouldMatch !== null) return resolveMinimumShouldMatch(bool.minimumShouldMatch, bool.should.length);
  return bool.should.length > 0 && bool.must.length === 0 && bool.filter.length === 0 ? 1 : 0;
}
