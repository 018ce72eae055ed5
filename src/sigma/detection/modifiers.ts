/**
 * The modifier chain of a detection key (`CommandLine|base64offset|contains|all`), read into what each part
 * decides: how values are encoded, how they are compared, and whether a list means all or any.
 */
import { unsupportedSigma, invalidSigma, type SigmaLocation } from '../sigma-error.js';
import type { TextEncoding } from './encodings.js';

export type Comparison =
  'equals' | 'contains' | 'startswith' | 'endswith' | 're' | 'cidr' | 'exists' | 'fieldref' | 'gt' | 'gte' | 'lt' | 'lte';

export interface Modifiers {
  readonly comparison: Comparison;
  /** `all`: every value of the list must match (default: any). */
  readonly all: boolean;
  /** `cased`: case-sensitive (Sigma compares strings case-insensitively by default; `re` is always cased). */
  readonly cased: boolean;
  readonly encoding: TextEncoding;
  readonly base64: 'none' | 'base64' | 'base64offset';
  readonly windash: boolean;
  /** `re` sub-modifiers. */
  readonly regexIgnoreCase: boolean;
  readonly regexMultiline: boolean;
}

const ENCODINGS: Readonly<Record<string, TextEncoding>> = { wide: 'utf16le', utf16le: 'utf16le', utf16be: 'utf16be', utf16: 'utf16' };
const COMPARISONS: ReadonlySet<string> = new Set([
  'contains',
  'startswith',
  'endswith',
  're',
  'cidr',
  'exists',
  'fieldref',
  'gt',
  'gte',
  'lt',
  'lte',
]);
/** Known to Sigma, not expressible on the query AST. */
const UNSUPPORTED: Readonly<Record<string, string>> = {
  expand: 'placeholder',
  minute: 'modifier',
  hour: 'modifier',
  day: 'modifier',
  week: 'modifier',
  month: 'modifier',
  year: 'modifier',
};

export interface DetectionKey {
  /** The Sigma field, or null for a keyword search (`'|all'`). */
  readonly field: string | null;
  readonly modifiers: Modifiers;
}

export function readDetectionKey(key: string, at: SigmaLocation): DetectionKey {
  const [field = '', ...names] = key.split('|');
  let comparison: Comparison = 'equals';
  let all = false;
  let cased = false;
  let encoding: TextEncoding = 'utf8';
  let base64: Modifiers['base64'] = 'none';
  let windash = false;
  let regexIgnoreCase = false;
  let regexMultiline = false;
  const setComparison = (name: Comparison): void => {
    if (comparison !== 'equals') throw invalidSigma(at, `modifiers ${comparison} and ${name} together`);
    comparison = name;
  };
  for (const name of names) {
    const unsupported = UNSUPPORTED[name];
    if (unsupported === 'placeholder') throw unsupportedSigma(at, 'placeholder', 'the expand modifier (placeholders)');
    if (unsupported !== undefined) throw unsupportedSigma(at, 'modifier', `the ${name} modifier`);
    if (name === 'all') all = true;
    else if (name === 'cased') cased = true;
    else if (name === 'windash') windash = true;
    else if (name === 'base64' || name === 'base64offset') base64 = name;
    else if (ENCODINGS[name] !== undefined) encoding = ENCODINGS[name] ?? 'utf8';
    else if ((comparison as Comparison) === 're' && (name === 'i' || name === 'm' || name === 's')) {
      if (name === 'i') regexIgnoreCase = true;
      if (name === 'm') regexMultiline = true;
    } else if (COMPARISONS.has(name)) setComparison(name as Comparison);
    else throw invalidSigma(at, `unknown modifier ${name}`);
  }
  if (encoding !== 'utf8' && base64 === 'none') throw unsupportedSigma(at, 'modifier', 'a text encoding without base64');
  if ((base64 !== 'none' || windash) && !['equals', 'contains', 'startswith', 'endswith'].includes(comparison)) {
    throw invalidSigma(at, `${base64 !== 'none' ? base64 : 'windash'} with ${comparison}`);
  }
  return {
    field: field === '' ? null : field,
    modifiers: { comparison, all, cased, encoding, base64, windash, regexIgnoreCase, regexMultiline },
  };
}
