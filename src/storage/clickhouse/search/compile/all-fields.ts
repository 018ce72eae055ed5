/**
 * Field-less queries: `query_string` and `simple_query_string` without `default_field`/`fields`, and `multi_match`
 * over `*`, which Elasticsearch runs on every field. A word matches a log when it is a token of `message` (its own
 * text index) or of any other string value, equals a number, or is `true`/`false` of a boolean — all three held by
 * the `fields_text` index (FIELDS_TOKENS_SQL, decision 0136) — so no value is read to find it. Rows whose fields hold
 * text the engine tokenizes otherwise than the analyzer (`fields_plain = 0`) get the exact check after the index, as
 * `message` does. Patterns (prefix, wildcard, regexp, fuzzy) find the tokens they accept in the dictionaries of
 * both indexes (token-dictionary.ts), then test the values of the rows `fields_text` points to.
 */
import type { QueryAst } from '../../../../query/index.js';
import {
  fieldStringsSql,
  fieldTextSql,
  FIELD_PAIRS_COLUMN,
  FIELDS_PLAIN_COLUMN,
  FIELDS_TEXT_INDEX,
  FIELDS_TOKENS_SQL,
  indexedNumberText,
  MAP_COLUMNS,
  MESSAGE_PAIRS_SQL,
  MESSAGE_TOKENS_SQL,
  PAIRED_TOKEN,
} from '../../log-table-schema.js';
import { hasPhraseSql, hasTokenSql } from './token-tests.js';
import { fewValuesPhraseSql, fewValuesPieceSql, fewValuesTestSql, fewValuesWordSql } from './few-values.js';
import { MAX_CATALOG_FIELDS_PER_ACCOUNT } from '../../field-catalog.js';
import { sqlNumber, sqlString } from '../../sql-literals.js';
import { anyNumber, anyOf, type FieldRef } from '../fields/field-access.js';
import type { CompileContext } from './compile-context.js';
import { matchQuerySql, messageWordSql, phraseSql, type Compiled } from './text-query.js';

type Of<K extends QueryAst['kind']> = Extract<QueryAst, { kind: K }>;

/** `*` (and `*.*`): every field, what a query without a field searches. */
export const isAllFields = (field: string): boolean => field === '*' || field === '*.*';

/** Every field but `message`, read as one text field (numbers included); for sloppy phrases and numbers. */
function otherFields(plain: boolean): FieldRef {
  return {
    name: '*',
    shape: 'text',
    column: null,
    kinds: ['string', 'number'],
    inArrays: false,
    plainText: plain,
    pattern: { glob: '*', withoutMessage: true },
  };
}

/**
 * Array fields the catalog maps as numbers: their elements are stored as text (`-9`, whose token is `9`) but
 * Elasticsearch compares them by value. A catalog at its cap may miss some, whose elements are then read as text.
 */
function numericArrayNames(context: CompileContext): string[] {
  return context.catalog.all.filter((field) => field.inArrays && (field.type === 'long' || field.type === 'double')).map((f) => f.name);
}

/** The array map without the numeric arrays: what the string values of a log are. */
function stringArraysSql(context: CompileContext): string {
  const names = numericArrayNames(context);
  if (names.length === 0) return MAP_COLUMNS.array;
  return `mapFilter((k, v) -> k NOT IN (${names.map(sqlString).join(', ')}), ${MAP_COLUMNS.array})`;
}

/** The string values of every field but `message` as one text, for token tests (fieldTextSql). */
const fieldTextOf = (context: CompileContext): string => fieldTextSql(stringArraysSql(context));

/**
 * The string values of every field but `message` as one text, for token tests: a word, a prefix, a wildcard on a
 * token. `plain` when only rows with plain fields are tested (the engine's tokens are then exact).
 */
function otherFieldsText(context: CompileContext, plain: boolean): FieldRef {
  const field: FieldRef = { name: '*', shape: 'text', column: fieldTextOf(context), kinds: ['string'], inArrays: false, plainText: plain };
  // Plain rows' string tokens are in fields_text unless the message holds them (then `message` matches): the index
  // narrows a pattern down there. It also holds numbers and booleans, which a pattern never matches.
  return plain ? { ...field, tokenIndex: { name: FIELDS_TEXT_INDEX, tokens: FIELDS_TOKENS_SQL, exact: 'none' } } : field;
}

/**
 * True when no field in scope ever held text the index tokenizes otherwise than the analyzer (the catalog records
 * it, decision 0129): every row's `fields_plain` is then 1 and the exact check need not be planned at all. A
 * catalog at its cap may miss names, so it is not trusted then.
 */
function allFieldsPlain(context: CompileContext): boolean {
  const fields = context.catalog.all.filter((field) => field.name !== 'message');
  return fields.length < MAX_CATALOG_FIELDS_PER_ACCOUNT && fields.every((field) => field.plainText);
}

/** A predicate on the other fields: `plain` on rows whose field text the index tokenizes exactly, `other` elsewhere. */
function onFieldRows(context: CompileContext, plain: string, other: string): string {
  if (context.fieldRows === 'plain' || plain === other || allFieldsPlain(context)) return plain;
  context.note('plain-fields-form');
  return `((${FIELDS_PLAIN_COLUMN} = 1 AND ${plain}) OR (${FIELDS_PLAIN_COLUMN} = 0 AND ${other}))`;
}

/**
 * A test every row holding `piece` in some field passes: an entry of either index (a field's token is left out of
 * fields_text where the plain message holds it already, FIELDS_TOKENS_SQL), or a value of a column of few values,
 * which fields_text leaves out (decision 0193).
 */
function pieceSql(context: CompileContext, piece: string): string {
  const few = fewValuesPieceSql(context, piece);
  return `(has(${FIELDS_TOKENS_SQL}, ${sqlString(piece)}) OR has(${MESSAGE_TOKENS_SQL}, ${sqlString(piece)})${few === null ? '' : ` OR ${few}`})`;
}

/** The index test every row holding all `terms` in its other fields passes, null when none can help. */
export function fieldsPrefilter(context: CompileContext, terms: readonly string[]): string | null {
  const pieces = [...new Set(terms.flatMap((term) => context.helpers.indexTokens(term)))];
  return pieces.length === 0 ? null : pieces.map((piece) => pieceSql(context, piece)).join(' AND ');
}

const withFilter = (filter: string | null, exact: string): string => (filter === null ? exact : `(${filter} AND ${exact})`);
const or = (parts: readonly string[]): string => (parts.length === 1 ? (parts[0] ?? '0') : `(${parts.join(' OR ')})`);

/** A number as the engine prints a Float64 (`1e21`, not JavaScript's `1e+21`). */
export function numberText(value: number): string {
  return String(value).replace('e+', 'e');
}

/**
 * True when `term` is how the engine prints a number other than `value` (NaN: the query is no number). fields_text
 * holds the printed numbers among the tokens, so its `7` is also a numeric field holding 7, which Elasticsearch
 * compares by value: `-7` (the token `7`) must not find it, nor `zelda 7` in one match query, which no numeric
 * field can parse (lenient).
 */
function printedByOtherNumber(term: string, value: number): boolean {
  const printed = Number(term);
  return /^[0-9]/.test(term) && Number.isFinite(printed) && numberText(printed) === term && printed !== value;
}

/**
 * True when `term` may be the entry fields_text holds for a number with decimals (`1234_` for 1234.56,
 * indexedNumberText): the entry does not say which number, so only the string values may answer for it.
 */
const DECIMAL_ENTRY = /^[0-9]+_(e[0-9]*)?$/;

/**
 * Rows where some field other than `message` holds the analyzer term `term` as a token; `stringsOnly` when a number
 * printed as the term must not count (printedByOtherNumber): the string values are then tested after the index.
 */
function fieldsWordSql(context: CompileContext, term: string, stringsOnly: boolean): string {
  const other = withFilter(fieldsPrefilter(context, [term]), hasTokenSql(otherFieldsText(context, false), fieldTextOf(context), term));
  // The columns of few values, which fields_text leaves out, on every row: their test is exact whatever the text.
  const few = fewValuesWordSql(context, term);
  if (stringsOnly || DECIMAL_ENTRY.test(term)) return few === null ? other : or([few, other]);
  const plain = context.helpers.isIndexExactText(term) ? `has(${FIELDS_TOKENS_SQL}, ${sqlString(term)})` : '0';
  return or([...(few === null ? [] : [few]), onFieldRows(context, plain, other)]);
}

/** The number a query's text is, NaN when it is none (Number('') would be 0). */
export function numberOf(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** Rows where a numeric field equals `value`: the tokens of its entry (decimals as `_`) in either index, then the numbers. */
function fieldsNumberSql(context: CompileContext, value: number): string {
  const equals = (x: string): string => `${x} = ${sqlNumber(value)}`;
  // Numeric arrays by the field's own access (their elements are text): the other fields' pattern reads no arrays.
  const inArrays = numericArrayNames(context).flatMap((name) => anyNumber(context.catalog.resolve(name), equals));
  const exact = anyOf([...anyNumber(otherFields(false), equals), ...inArrays]);
  return withFilter(fieldsPrefilter(context, [indexedNumberText(numberText(value))]), exact);
}

export function allFieldsMatchSql(context: CompileContext, query: Of<'match'>): Compiled {
  const message = context.catalog.resolve('message');
  // Fuzzy terms and a prefix last term test every token of every value, as before: no index holds fragments.
  if (query.fuzziness !== null || query.lastTokenIsPrefix) {
    const onMessage = matchQuerySql(context, message, query);
    const few = fewValuesTestSql(context, (field) => matchQuerySql(context, field, query).where);
    const onFields = or([
      ...(few === null ? [] : [few]),
      onFieldRows(
        context,
        matchQuerySql(context, otherFieldsText(context, true), query).where,
        matchQuerySql(context, otherFieldsText(context, false), query).where,
      ),
    ]);
    return {
      where: or([onMessage.where, onFields]),
      score: `greatest(if(${onMessage.where}, ${onMessage.score}, 0), if(${onFields}, 1, 0))`,
    };
  }
  const terms = [...new Set(query.tokens.map((token) => token.term))];
  const number = numberOf(query.text);
  const presences = terms.map((term) =>
    or([messageWordSql(context, message, term), fieldsWordSql(context, term, printedByOtherNumber(term, number))]),
  );
  if (presences.length === 0) {
    const where = Number.isFinite(number) ? fieldsNumberSql(context, number) : query.zeroTermsQuery === 'all' ? '1' : '0';
    return { where, score: sqlNumber(query.boost), constantScore: true };
  }
  const required =
    query.operator === 'and'
      ? presences.length
      : Math.max(
          1,
          query.minimumShouldMatch === null ? 1 : context.helpers.resolveMinimumShouldMatch(query.minimumShouldMatch, presences.length),
        );
  let where =
    required >= presences.length
      ? `(${presences.join(' AND ')})`
      : required === 1
        ? or(presences)
        : `((${presences.map((p) => `toUInt8(${p})`).join(' + ')}) >= ${sqlNumber(required)})`;
  // A number also matches numeric fields holding it (ES tries each field with its own type).
  if (Number.isFinite(number)) where = `(${where} OR ${fieldsNumberSql(context, number)})`;
  const score = `${sqlNumber(query.boost)} * (${presences.map((p) => `if(${p}, ${context.idf(p)}, 0)`).join(' + ')})`;
  return { where, score };
}

export function allFieldsPhraseSql(context: CompileContext, query: Of<'phrase'>): Compiled {
  const onMessage = phraseSql(context, context.catalog.resolve('message'), query);
  const terms = query.tokens.map((token) => token.term);
  if (terms.length === 0) return onMessage;
  const adjacent = query.slop === 0 && !query.lastTokenIsPrefix;
  // Value by value (a phrase never spans two), one pattern call over all values: compiled once per statement.
  const exact = (plain: boolean): string =>
    adjacent
      ? `arrayExists(v -> ${hasPhraseSql(otherFieldsText(context, plain), 'v', terms, false)}, ${fieldStringsSql(stringArraysSql(context))})`
      : phraseSql(context, otherFields(plain), query).where;
  const wholeTerms = query.lastTokenIsPrefix ? terms.slice(0, -1) : terms;
  const filter = fieldsPrefilter(context, wholeTerms);
  const exactTerms = terms.every((term) => context.helpers.isIndexExactText(term));
  const plain = !exactTerms ? '0' : adjacent ? plainFieldsPhraseSql(terms, filter, exact(true)) : withFilter(filter, exact(true));
  // The columns of few values hold no pairs in the pair index: their listed values answer an adjacent phrase.
  const few = adjacent ? fewValuesPhraseSql(context, terms) : null;
  const onFields = or([...(few === null ? [] : [few]), onFieldRows(context, plain, withFilter(filter, exact(false)))]);
  // A phrase of one number is a term query on a numeric field (`"-3"` finds -3): the value tests apart from the text.
  const number = numberOf(query.text);
  const where = or([onMessage.where, onFields, ...(Number.isFinite(number) ? [fieldsNumberSql(context, number)] : [])]);
  return { where, score: `${sqlNumber(query.boost)} * (${terms.map(() => context.idf(where)).join(' + ')})`, constantScore: true };
}

/**
 * An adjacent phrase on rows whose fields are plain. Two words are the pair index itself (FIELD_PAIRS_COLUMN; a pair
 * the message holds is left out of it, and such a row matches on `message`); longer phrases of words need each of
 * their pairs in one of the two pair indexes before the exact check. Phrases with other tokens (numbers, ids) keep
 * the token prefilter (decision 0360).
 */
function plainFieldsPhraseSql(terms: readonly string[], tokenFilter: string | null, exact: string): string {
  if (terms.length < 2 || !terms.every((term) => PAIRED_TOKEN.test(term))) return withFilter(tokenFilter, exact);
  const pairs = terms.slice(1).map((term, index) => sqlString(`${terms[index] ?? ''} ${term}`));
  if (pairs.length === 1) return `has(${FIELD_PAIRS_COLUMN}, ${pairs[0] ?? "''"})`;
  return withFilter(
    pairs.map((pair) => `(has(${FIELD_PAIRS_COLUMN}, ${pair}) OR has(${MESSAGE_PAIRS_SQL}, ${pair}))`).join(' AND '),
    exact,
  );
}

/**
 * A term-level pattern (prefix, wildcard, regexp, fuzzy) on every field: on `message` as on that field, on the
 * others over the engine's tokens where they are exact, else over the analyzer's pattern.
 */
export function allFieldsPatternSql(context: CompileContext, leaf: (field: FieldRef) => string): string {
  const few = fewValuesTestSql(context, leaf);
  return or([
    leaf(context.catalog.resolve('message')),
    onFieldRows(context, leaf(otherFieldsText(context, true)), leaf(otherFieldsText(context, false))),
    ...(few === null ? [] : [few]),
  ]);
}
