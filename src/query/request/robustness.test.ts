import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DslError } from '../dsl/dsl-error.js';
import { parseLuceneQuery, parseSearchRequest } from '../index.js';

// Whatever a client sends, parsing ends in a SearchRequest or a DslError (a 400), never another exception (a 500).
// Inputs come from a seeded generator so a failure reproduces.

function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const KEYS = [
  'query',
  'bool',
  'must',
  'should',
  'filter',
  'must_not',
  'term',
  'terms',
  'match',
  'match_phrase',
  'range',
  'gte',
  'lt',
  'exists',
  'field',
  'query_string',
  'aggs',
  'terms',
  'date_histogram',
  'fixed_interval',
  'avg',
  'size',
  'from',
  'sort',
  'order',
  'value',
  'host',
  'message',
  '@timestamp',
  'format',
  'time_zone',
  'filters',
  'minimum_should_match',
  'fuzziness',
  'boost',
  'highlight',
  'fields',
  '_source',
  'multi_match',
  'type',
  'regexp',
  'wildcard',
  'prefix',
  'ids',
  'values',
  'constant_score',
  'dis_max',
  'queries',
];
const STRINGS = [
  '',
  'a',
  'web-1',
  'now-5m',
  'now/d',
  '2024-01-01',
  'AUTO',
  '75%',
  'desc',
  'asc',
  '*',
  '*x',
  '5m',
  '1d',
  'month',
  'Europe/Paris',
  'x:y AND (',
  '"a b"~2',
  'status:[1 TO 5}',
  '\\',
  'and',
  'epoch_millis',
];
const LUCENE_PIECES = [
  'a',
  'AND',
  'OR',
  'NOT',
  '&&',
  '||',
  '!',
  '+',
  '-',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  'TO',
  '"',
  ':',
  '^',
  '~',
  '2',
  '*',
  '?',
  '/',
  '\\',
  'f:',
  '>=',
  '<',
  '_exists_:',
  ' ',
  'x.y',
  '10.1.15.43',
  'é',
];

function randomJson(next: () => number, depth: number): unknown {
  const roll = next();
  if (depth <= 0 || roll < 0.3) {
    const kind = Math.floor(next() * 5);
    if (kind === 0) return STRINGS[Math.floor(next() * STRINGS.length)];
    if (kind === 1) return Math.floor(next() * 40) - 5;
    if (kind === 2) return next() < 0.5;
    if (kind === 3) return null;
    return next() * 100;
  }
  if (roll < 0.45) return Array.from({ length: Math.floor(next() * 3) }, () => randomJson(next, depth - 1));
  const object: Record<string, unknown> = {};
  for (let index = Math.floor(next() * 3); index >= 0; index -= 1)
    object[KEYS[Math.floor(next() * KEYS.length)] ?? 'query'] = randomJson(next, depth - 1);
  return object;
}

function acceptsOrRejectsCleanly(run: () => unknown, input: unknown): void {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof DslError, `${JSON.stringify(input)} threw ${String(error)}`);
  }
}

describe('parsing never fails with anything but a DslError', () => {
  for (const profile of ['elasticsearch', 'logzio'] as const) {
    it(`random bodies (${profile})`, () => {
      const next = generator(profile === 'logzio' ? 7 : 11);
      for (let round = 0; round < 3000; round += 1) {
        // Mostly well-formed at the top so that the clause and aggregation parsers see the noise.
        const shape = Math.floor(next() * 3);
        const body =
          shape === 0
            ? randomJson(next, 6)
            : shape === 1
              ? { query: randomJson(next, 6) }
              : { query: { match_all: {} }, aggs: { a: randomJson(next, 5) } };
        acceptsOrRejectsCleanly(() => parseSearchRequest(body, { now: 0, profile }), body);
      }
    });
    it(`random Lucene strings (${profile})`, () => {
      const next = generator(profile === 'logzio' ? 13 : 17);
      for (let round = 0; round < 3000; round += 1) {
        const query = Array.from(
          { length: Math.floor(next() * 8) },
          () => LUCENE_PIECES[Math.floor(next() * LUCENE_PIECES.length)] ?? '',
        ).join(next() < 0.5 ? ' ' : '');
        acceptsOrRejectsCleanly(() => parseLuceneQuery(query, { now: 0, profile }), query);
        acceptsOrRejectsCleanly(() => parseSearchRequest({ query: { simple_query_string: { query } } }, { now: 0, profile }), query);
      }
    });
  }
});
