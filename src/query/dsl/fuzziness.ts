import type { Fuzziness } from '../ast.js';
import { dslError } from './dsl-error.js';

/** `fuzziness`: `AUTO`, `AUTO:3,6`, 0, 1, 2 (numbers or strings). */
export function readFuzziness(value: unknown, path: string): Fuzziness {
  if (typeof value === 'string') {
    const auto = /^auto(?::(\d+),(\d+))?$/i.exec(value.trim());
    if (auto !== null) return { kind: 'auto', low: Number(auto[1] ?? '3'), high: Number(auto[2] ?? '6') };
  }
  const edits = typeof value === 'number' || typeof value === 'string' ? Number(value) : Number.NaN;
  if (edits === 0 || edits === 1 || edits === 2) return { kind: 'edits', edits };
  // ES accepts larger numbers but Lucene caps the distance at 2.
  if (Number.isInteger(edits) && edits > 2) return { kind: 'edits', edits: 2 };
  throw dslError(path, `invalid fuzziness ${JSON.stringify(value)}`);
}

/** The edit distance a fuzziness allows for a term of `length` characters. */
export function editsFor(fuzziness: Fuzziness, length: number): number {
  if (fuzziness.kind === 'edits') return fuzziness.edits;
  if (length < fuzziness.low) return 0;
  return length < fuzziness.high ? 1 : 2;
}
