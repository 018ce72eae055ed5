/**
 * One detection item (a field with its modifiers and one or more values) → a query on the Logward fields it maps
 * to. Strings are compared on `<field>.keyword`, the whole value, case-insensitively unless `cased` (Sigma's
 * default); several target fields mean any of them.
 */
import type { QueryAst } from '../../query/index.js';
import { unsupportedSigma, invalidSigma, type SigmaLocation } from '../sigma-error.js';
import { allOf, anyOf, exists, fieldEquals, not, prefix, range, regexp, term, wildcard } from './ast-builders.js';
import { cidrPattern } from './cidr.js';
import { base64Of, base64OffsetsOf, encodeText, windashForms } from './encodings.js';
import type { Modifiers } from './modifiers.js';
import { luceneRegexLiteral, sigmaRegex } from './regex.js';
import { hasWildcards, literal, parseSigmaString, plainText, toLuceneWildcard, type SigmaString } from './sigma-string.js';

const keywordOf = (field: string): string => `${field}.keyword`;

/** A string compared as equals/contains/startswith/endswith, with its wildcards. */
function stringLeaf(field: string, value: SigmaString, comparison: Modifiers['comparison'], caseInsensitive: boolean): QueryAst {
  const any = { kind: 'any' } as const;
  let pattern: SigmaString = value;
  if (comparison === 'contains') pattern = [any, ...value, any];
  else if (comparison === 'startswith') pattern = [...value, any];
  else if (comparison === 'endswith') pattern = [any, ...value];
  // Adjacent `*` collapse (a value that already starts or ends with one).
  pattern = pattern.filter((part, i) => !(part.kind === 'any' && pattern[i - 1]?.kind === 'any'));
  if (!hasWildcards(pattern)) return term(keywordOf(field), plainText(pattern), caseInsensitive);
  const body = pattern.slice(0, -1);
  if (pattern[pattern.length - 1]?.kind === 'any' && !hasWildcards(body)) return prefix(keywordOf(field), plainText(body), caseInsensitive);
  return wildcard(keywordOf(field), toLuceneWildcard(pattern), caseInsensitive);
}

/** The spellings a string value stands for after `windash`, the text encodings and base64. */
function spellings(raw: string, modifiers: Modifiers, at: SigmaLocation): SigmaString[] {
  const parsed = parseSigmaString(raw);
  const forms = modifiers.windash ? windashForms(parsed) : [parsed];
  if (forms === null) throw unsupportedSigma(at, 'modifier', 'windash on a value with this many option switches');
  if (modifiers.base64 === 'none') return forms;
  return forms.flatMap((form) => {
    if (hasWildcards(form)) throw invalidSigma(at, `wildcards in a ${modifiers.base64} value`);
    const bytes = encodeText(plainText(form), modifiers.encoding);
    return modifiers.base64 === 'base64' ? [literal(base64Of(bytes))] : base64OffsetsOf(bytes).map(literal);
  });
}

function numberOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

/** The Logward fields a Sigma field name is read from (for `fieldref`, whose value names a field). */
export type FieldMapper = (sigmaField: string) => readonly string[];

/** One value on one target field. */
function valueOnField(field: string, value: unknown, modifiers: Modifiers, at: SigmaLocation, mapField: FieldMapper): QueryAst {
  const { comparison } = modifiers;
  if (comparison === 'fieldref') {
    if (typeof value !== 'string' || value === '') throw invalidSigma(at, 'fieldref takes a field name');
    return anyOf(mapField(value).map((other) => fieldEquals(field, other, !modifiers.cased)));
  }
  if (comparison === 'exists') {
    if (typeof value !== 'boolean') throw invalidSigma(at, 'exists takes true or false');
    return value ? exists(field) : not(exists(field));
  }
  if (value === null) {
    // Sigma's null: the field is absent (or empty, as an empty value is not indexed as present).
    if (comparison !== 'equals') throw invalidSigma(at, `null with ${comparison}`);
    return not(exists(field));
  }
  if (comparison === 'gt' || comparison === 'gte' || comparison === 'lt' || comparison === 'lte') {
    const n = numberOf(value);
    if (n === null) throw invalidSigma(at, `${comparison} takes a number`);
    return range(field, comparison, n);
  }
  if (typeof value === 'boolean') {
    if (comparison !== 'equals') throw invalidSigma(at, `a boolean with ${comparison}`);
    return term(keywordOf(field), value, false);
  }
  if (typeof value === 'number' && comparison === 'equals') return term(keywordOf(field), value, false);
  if (typeof value !== 'string' && typeof value !== 'number') throw invalidSigma(at, 'a value must be a string, number, boolean or null');
  const text = String(value);
  if (comparison === 're') {
    const result = sigmaRegex(text, { ignoreCase: modifiers.regexIgnoreCase, multiline: modifiers.regexMultiline });
    if (!result.ok) throw unsupportedSigma(at, 'regex', `a regular expression with ${result.reason}`);
    return regexp(keywordOf(field), result.plan.pattern, result.plan.caseInsensitive);
  }
  if (comparison === 'cidr') {
    const pattern = cidrPattern(text);
    if (pattern === null) throw unsupportedSigma(at, 'cidr', `the network ${text} (IPv4 CIDR only)`);
    return regexp(keywordOf(field), pattern, false);
  }
  return anyOf(spellings(text, modifiers, at).map((form) => stringLeaf(field, form, comparison, !modifiers.cased)));
}

/**
 * Above this many spellings, the alternatives of one item become a single regular expression per field: one pattern
 * test per log instead of hundreds (SigmaHQ's vulnerable-driver rule lists ~1,800 hashes), and a statement far below
 * the engine's query-size limit.
 */
export const MAX_SEPARATE_ALTERNATIVES = 16;

const regexAlternative = (value: SigmaString): string =>
  value.map((p) => (p.kind === 'any' ? '.*' : p.kind === 'one' ? '.' : luceneRegexLiteral(p.text))).join('');

/** Many plain string values compared the same way → one regular expression per target, or null when not applicable. */
function alternationQuery(
  targets: readonly string[],
  values: readonly unknown[],
  modifiers: Modifiers,
  at: SigmaLocation,
): QueryAst | null {
  const { comparison } = modifiers;
  if (modifiers.all || !['equals', 'contains', 'startswith', 'endswith'].includes(comparison)) return null;
  if (!values.every((v): v is string => typeof v === 'string')) return null;
  const forms = values.flatMap((value, i) => spellings(value, modifiers, { rule: at.rule, path: `${at.path}[${i}]` }));
  if (forms.length <= MAX_SEPARATE_ALTERNATIVES) return null;
  const before = comparison === 'contains' || comparison === 'endswith' ? '.*' : '';
  const after = comparison === 'contains' || comparison === 'startswith' ? '.*' : '';
  const pattern = `${before}(${[...new Set(forms.map(regexAlternative))].join('|')})${after}`;
  return anyOf(targets.map((field) => regexp(keywordOf(field), pattern, !modifiers.cased)));
}

/**
 * A field (mapped to `targets`) against its value or list of values: any value matches, or all with `all`.
 * A value on several targets matches when any target has it.
 */
export function itemQuery(
  targets: readonly string[],
  rawValue: unknown,
  modifiers: Modifiers,
  at: SigmaLocation,
  mapField: FieldMapper,
): QueryAst {
  const values = Array.isArray(rawValue) ? rawValue : [rawValue];
  if (values.length === 0) throw invalidSigma(at, 'an empty list of values');
  const alternation = alternationQuery(targets, values, modifiers, at);
  if (alternation !== null) return alternation;
  const perValue = values.map((value, i) => {
    const where = Array.isArray(rawValue) ? { rule: at.rule, path: `${at.path}[${i}]` } : at;
    if (value === null && modifiers.comparison === 'equals')
      return allOf(targets.map((t) => valueOnField(t, null, modifiers, where, mapField)));
    return anyOf(targets.map((t) => valueOnField(t, value, modifiers, where, mapField)));
  });
  return modifiers.all ? allOf(perValue) : anyOf(perValue);
}
