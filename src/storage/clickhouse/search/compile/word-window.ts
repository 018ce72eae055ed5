import type { QueryAst } from '../../../../query/index.js';
import { isAllFields } from './all-fields.js';

/**
 * What the newest (or oldest) rows of a scope must hold for the first page of a query to be read from them alone
 * (decision 0189): `words`, each of which makes a log match wherever its `message` holds it, and `within`, the time
 * ranges of the query's top-level filter, which bound the rows read rather than test them. A log holding one of the
 * words and inside the ranges matches, so the share of logs holding the most common word is a floor under the
 * share of matches.
 */
export interface WordWindow {
  readonly words: readonly string[];
  readonly within: readonly QueryAst[];
}

const TIMESTAMP = '@timestamp';
const NONE: ReadonlySet<string> = new Set();

const isTimeRange = (query: QueryAst): boolean => query.kind === 'range' && query.field === TIMESTAMP;

export function wordWindow(query: QueryAst): WordWindow {
  if (query.kind !== 'bool' || query.mustNot.length > 0 || query.minimumShouldMatch !== null) {
    return { words: [...sufficientWords(query)], within: [] };
  }
  const within = query.filter.filter(isTimeRange);
  return { words: [...sufficientWords({ ...query, filter: query.filter.filter((clause) => !isTimeRange(clause)) })], within };
}

/** Words whose presence in a log's `message` alone makes the log match `query`. */
function sufficientWords(query: QueryAst): ReadonlySet<string> {
  switch (query.kind) {
    case 'match':
      return matchWords(query);
    case 'constant_score':
      return sufficientWords(query.filter);
    case 'dis_max':
      return union(query.queries.map(sufficientWords));
    case 'bool': {
      if (query.mustNot.length > 0 || query.minimumShouldMatch !== null) return NONE;
      const required = [...query.must, ...query.filter];
      // With a required clause, `should` only scores; without one, any should clause matches.
      return required.length > 0 ? intersection(required.map(sufficientWords)) : union(query.should.map(sufficientWords));
    }
    default:
      return NONE;
  }
}

function matchWords(query: Extract<QueryAst, { kind: 'match' }>): ReadonlySet<string> {
  if (!(isAllFields(query.field) || query.field === 'message') || query.fuzziness !== null || query.lastTokenIsPrefix) return NONE;
  const terms = new Set(query.tokens.map((token) => token.term));
  return terms.size === 1 || (query.operator === 'or' && query.minimumShouldMatch === null) ? terms : NONE;
}

const union = (sets: readonly ReadonlySet<string>[]): ReadonlySet<string> => new Set(sets.flatMap((set) => [...set]));

function intersection(sets: readonly ReadonlySet<string>[]): ReadonlySet<string> {
  const [first, ...rest] = sets;
  return first === undefined ? NONE : new Set([...first].filter((word) => rest.every((set) => set.has(word))));
}
