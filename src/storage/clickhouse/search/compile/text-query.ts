/**
 * Full-text queries (match, match_bool_prefix, match_phrase, match_phrase_prefix) on one concrete field.
 * On `message` the text index (asciiCJK tokens of `lower(message)`) decides words and phrases alone on rows whose
 * text it tokenizes exactly as the analyzer does (`message_plain`), and pre-filters the others before the exact
 * check. Scores are BM25: idf from the document frequency in scope, tf from token counts, the length norm
 * against the average token count.
 */
import { editsFor, type QueryAst } from '../../../../query/index.js';
import { clickhouseErrors } from '../../clickhouse-errors.js';
import { MESSAGE_PAIRS_SQL, MESSAGE_PLAIN_COLUMN, MESSAGE_TOKENS_SQL, PAIRED_TOKEN } from '../../log-table-schema.js';
import { sqlNumber, sqlString } from '../../sql-literals.js';
import type { CompileContext } from './compile-context.js';
import { anyNumber, anyOf, anyString, scalarOf, type FieldRef } from '../fields/field-access.js';
import { fuzzyTest, termSql } from './term-level.js';
import { hasPhraseSql, hasTokenSql, prefixPhraseOnTokensSql, termFrequencySql, valueTokensSql } from './token-tests.js';

type Of<K extends QueryAst['kind']> = Extract<QueryAst, { kind: K }>;

export interface Compiled {
  readonly where: string;
  /** Score of a matching document (only meaningful where `where` holds). */
  readonly score: string;
  /**
   * True when every matching document gets the same score (boosts and idf only, no term frequency or length):
   * ranking by score then orders as its tie-breakers do, newest first, which the engine reads in order.
   */
  readonly constantScore?: boolean;
}

const K1 = 1.2;
const B = 0.75;

const tokenList = (tokens: readonly string[]): string => `[${tokens.map(sqlString).join(', ')}]`;

/** A predicate as the context's rows need it: plain rows get `plain`, the others `other`. */
function onTextRows(context: CompileContext, plain: string, other: string): string {
  // No message in scope was ever other than plain: the index decides every row (decision 0129).
  if (context.textRows === 'plain' || plain === other || context.catalog.resolve('message').plainText) return plain;
  if (context.textRows === 'other') return other;
  context.note('plain-message-form');
  return `((${MESSAGE_PLAIN_COLUMN} = 1 AND ${plain}) OR (${MESSAGE_PLAIN_COLUMN} = 0 AND ${other}))`;
}

/** The text index's test that every row holding `terms` passes, whatever its text; null when none can help. */
function indexPrefilter(context: CompileContext, terms: readonly string[]): string | null {
  const pieces = [...new Set(terms.flatMap((term) => context.helpers.indexTokens(term)))];
  return pieces.length === 0 ? null : `hasAll(${MESSAGE_TOKENS_SQL}, ${tokenList(pieces)})`;
}

/** Rows of `message` holding `term` as a token: the index alone on plain rows, index then `exact` on others. */
function messageTermSql(context: CompileContext, term: string, exact: string): string {
  const plain = context.helpers.isIndexExactText(term) ? `has(${MESSAGE_TOKENS_SQL}, ${sqlString(term)})` : '0';
  return onTextRows(context, plain, withFilter(indexPrefilter(context, [term]), exact));
}

/** Rows whose `message` holds the analyzer term `term` (the index alone where it is exact). */
export function messageWordSql(context: CompileContext, field: FieldRef, term: string): string {
  return messageTermSql(context, term, anyOf(anyString(field, (x) => hasTokenSql(field, x, term), true)));
}

/** The pair index's entries for the adjacent terms it holds (MESSAGE_PAIRS_SQL). */
function indexedPairs(terms: readonly string[]): string[] {
  const pairs = terms.slice(1).flatMap((term, i) => {
    const before = terms[i] ?? '';
    return PAIRED_TOKEN.test(before) && PAIRED_TOKEN.test(term) ? [`${before} ${term}`] : [];
  });
  return [...new Set(pairs)];
}

/** On plain rows, the index tests every row with these whole words adjacent passes: the words, then their pairs. */
function wholeWordTests(terms: readonly string[]): string[] {
  const tests = terms.length === 0 ? [] : [`hasAll(${MESSAGE_TOKENS_SQL}, ${tokenList([...new Set(terms)])})`];
  const pairs = indexedPairs(terms);
  if (pairs.length > 0) tests.push(`hasAll(${MESSAGE_PAIRS_SQL}, ${tokenList(pairs)})`);
  return tests;
}

/** Rows of `message` holding `terms` as adjacent tokens (slop 0, whole last term). */
function messagePhraseSql(context: CompileContext, terms: readonly string[], exact: string): string {
  let plain = '0';
  if (terms.every((term) => context.helpers.isIndexExactText(term))) {
    const pairs = indexedPairs(terms);
    const [pair] = pairs;
    // Two words of letters: on plain rows the pair index holds exactly the rows with the phrase.
    if (terms.length === 2 && pair !== undefined) plain = `has(${MESSAGE_PAIRS_SQL}, ${sqlString(pair)})`;
    else plain = `(${[...wholeWordTests(terms), `hasPhrase(lower(message), ${sqlString(terms.join(' '))}, 'asciiCJK')`].join(' AND ')})`;
  }
  return onTextRows(context, plain, withFilter(indexPrefilter(context, terms), exact));
}

/**
 * A phrase whose last term is a prefix, on plain rows: the whole words by the word and pair indexes, then the
 * phrase on the row's tokens (no Unicode pattern over `message`).
 */
function plainPrefixPhraseSql(context: CompileContext, terms: readonly string[]): string {
  const whole = terms.slice(0, -1);
  if (!whole.every((term) => context.helpers.isIndexExactText(term))) return '0';
  return `(${[...wholeWordTests(whole), prefixPhraseOnTokensSql(MESSAGE_TOKENS_SQL, terms)].join(' AND ')})`;
}

/** Pre-filter on the text index for these terms when they are only part of the test (prefixes, fuzzy, slop). */
function messageIndexFilter(context: CompileContext, field: FieldRef, terms: readonly string[]): string | null {
  return field.column !== 'message' || terms.length === 0 ? null : indexPrefilter(context, terms);
}

function withFilter(filter: string | null, exact: string): string {
  return filter === null ? exact : `(${filter} AND ${exact})`;
}

/** tf-idf with length norm of one term on the field's string value. */
function termScore(context: CompileContext, field: FieldRef, value: string, term: string, presence: string): string {
  const tf = termFrequencySql(field, value, term);
  const norm = `(${sqlNumber(1 - B)} + ${sqlNumber(B)} * length(splitByNonAlpha(lower(${value}))) / ${context.averageLength(value)})`;
  return `${context.idf(presence)} * (${tf} * ${sqlNumber(K1 + 1)} / (${tf} + ${sqlNumber(K1)} * ${norm}))`;
}

/** ES answers 400 for a number field given text that is no number, unless the query is lenient. */
function checkNumeric(field: FieldRef, text: string, lenient: boolean): void {
  if (lenient || field.shape !== 'number' || field.kinds.includes('string')) return;
  if (text.trim() === '' || !Number.isFinite(Number(text))) {
    throw clickhouseErrors.notANumber(field.name, text);
  }
}

export function matchQuerySql(context: CompileContext, field: FieldRef, query: Of<'match'>): Compiled {
  checkNumeric(field, query.text, query.lenient);
  if (field.shape !== 'text') {
    const where = termSql(field, query.text, false);
    return { where, score: `${sqlNumber(query.boost)} * ${context.idf(where)}` };
  }
  const terms = query.tokens.map((token) => token.term);
  if (terms.length === 0) return { where: query.zeroTermsQuery === 'all' ? '1' : '0', score: '0' };
  const clauses: Compiled[] = terms.map((term, i) => {
    const isLast = i === terms.length - 1;
    if (isLast && query.lastTokenIsPrefix) {
      const where = anyOf(anyString(field, (x) => `arrayExists(w -> startsWith(w, ${sqlString(term)}), ${valueTokensSql(field, x)})`));
      return { where, score: '1' };
    }
    if (query.fuzziness !== null) {
      const edits = editsFor(query.fuzziness, [...term].length);
      if (edits > 0) {
        const where = anyOf(
          anyString(field, (x) => `arrayExists(w -> ${fuzzyTest('w', term, edits, query.prefixLength)}, ${valueTokensSql(field, x)})`),
        );
        return { where, score: context.idf(where) };
      }
    }
    const test = anyOf(anyString(field, (x) => hasTokenSql(field, x, term), true));
    const presence = field.column === 'message' ? messageTermSql(context, term, test) : test;
    const value = scalarOf(field, 'string');
    const score = value === null ? context.idf(presence) : termScore(context, field, value, term, presence);
    return { where: presence, score: `if(${presence}, ${score}, 0)` };
  });
  const optional = clauses.length;
  const required =
    query.operator === 'and'
      ? optional
      : Math.max(1, query.minimumShouldMatch === null ? 1 : context.helpers.resolveMinimumShouldMatch(query.minimumShouldMatch, optional));
  // Plain AND / OR when they say it: a smaller expression is cheaper for the engine to plan (alerts batch many).
  const exact =
    required >= optional
      ? `(${clauses.map((c) => c.where).join(' AND ')})`
      : required === 1
        ? `(${clauses.map((c) => c.where).join(' OR ')})`
        : `((${clauses.map((c) => `toUInt8(${c.where})`).join(' + ')}) >= ${sqlNumber(required)})`;
  // On `message` each whole term carries its own index test (messageTermSql).
  let where = exact;
  const number = field.pattern !== undefined && query.text.trim() !== '' ? Number(query.text) : Number.NaN;
  // Over all fields, a number also matches numeric fields holding it (ES tries each field with its own type).
  if (Number.isFinite(number)) where = `(${where} OR ${anyOf(anyNumber(field, (x) => `${x} = ${sqlNumber(number)}`))})`;
  const score = `${sqlNumber(query.boost)} * (${clauses.map((c) => c.score).join(' + ')})`;
  return { where, score };
}

export function phraseSql(context: CompileContext, field: FieldRef, query: Of<'phrase'>): Compiled {
  if (field.shape !== 'text') {
    const where = termSql(field, query.text, false);
    return { where, score: `${sqlNumber(query.boost)} * ${context.idf(where)}`, constantScore: true };
  }
  const terms = query.tokens.map((token) => token.term);
  if (terms.length === 0) return { where: query.zeroTermsQuery === 'all' ? '1' : '0', score: '0', constantScore: true };
  const fullTerms = query.lastTokenIsPrefix ? terms.slice(0, -1) : terms;
  let exact: string;
  if (query.slop === 0 || terms.length === 1) {
    exact = anyOf(anyString(field, (x) => hasPhraseSql(field, x, terms, query.lastTokenIsPrefix)));
    if (field.column === 'message' && !query.lastTokenIsPrefix) {
      const where = messagePhraseSql(context, terms, exact);
      return { where, score: `${sqlNumber(query.boost)} * (${terms.map(() => context.idf(where)).join(' + ')})`, constantScore: true };
    }
  } else {
    // Sloppy phrase: every term present and the span between first and last within slop of the phrase length.
    exact = anyOf(
      anyString(field, (x) => {
        const tokens = valueTokensSql(field, x);
        const has = terms.map((term) => `has(${tokens}, ${sqlString(term)})`).join(' AND ');
        const positions = terms.map((term) => `indexOf(${tokens}, ${sqlString(term)})`);
        const span = `(greatest(${positions.join(', ')}) - least(${positions.join(', ')}))`;
        return `(${has} AND ${span} <= ${sqlNumber(terms.length - 1 + query.slop)})`;
      }),
    );
  }
  let where = withFilter(messageIndexFilter(context, field, fullTerms), exact);
  if (field.column === 'message' && query.lastTokenIsPrefix && (query.slop === 0 || terms.length === 1)) {
    where = onTextRows(context, plainPrefixPhraseSql(context, terms), where);
  }
  const score = `${sqlNumber(query.boost)} * (${terms.map(() => context.idf(where)).join(' + ')})`;
  // A phrase scores its terms' idf only: the same for every log it matches.
  return { where, score, constantScore: true };
}
