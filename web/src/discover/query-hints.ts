/**
 * What the query bar tells people about a query before or after it runs: KQL pasted from Kibana (converted to
 * Lucene where the conversion is exact), a wildcard on a text field that cannot match a whole value, a range on a
 * number field whose bound is not a number. Plain functions of the text and the field catalog.
 */

export interface HintField {
  readonly name: string;
  readonly type: string;
  readonly keyword?: string;
}

export interface KqlHint {
  /** The Lucene form, when every KQL part found has an exact one. */
  readonly lucene?: string;
  /** Why it looks like KQL, or why it cannot be converted. */
  readonly reason: string;
}

interface Piece {
  readonly text: string;
  /** A quoted phrase or a /regexp/: never rewritten. */
  readonly literal: boolean;
}

/** The query cut into quoted phrases, regexps and the rest. */
function pieces(query: string): Piece[] {
  const out: Piece[] = [];
  let rest = '';
  for (let i = 0; i < query.length; i += 1) {
    const ch = query[i] ?? '';
    const opensRegexp = ch === '/' && (i === 0 || /[\s:(]/.test(query[i - 1] ?? ''));
    if (ch === '"' || opensRegexp) {
      let end = i + 1;
      while (end < query.length && query[end] !== ch) end += query[end] === '\\' ? 2 : 1;
      if (rest !== '') out.push({ text: rest, literal: false });
      rest = '';
      out.push({ text: query.slice(i, end + 1), literal: true });
      i = end;
    } else rest += ch;
  }
  if (rest !== '') out.push({ text: rest, literal: false });
  return out;
}

const KQL_OPERATOR = /(^|[\s)])(and|or|not)(?=[\s(]|$)/g;
const KQL_RANGE = /\b([\w.@-]+)\s*(>=|<=|>|<)\s*(?=[^\s=])/g;
const SPACED_COLON = /\b([\w.@-]+)\s+:\s*/g;

/** Hints that a query is KQL (Kibana's default language), with its exact Lucene form where there is one. */
export function kqlHint(query: string): KqlHint | undefined {
  const parts = pieces(query);
  const plain = parts.filter((part) => !part.literal).map((part) => part.text);
  const found: string[] = [];
  if (plain.some((text) => new RegExp(KQL_OPERATOR.source).test(text))) found.push('lower-case and/or/not are words in Lucene');
  if (plain.some((text) => /[\w.@-]\s*(>=|<=|>|<)\s*[^\s=]/.test(text) && !/:\s*(>=|<=|>|<)/.test(text)))
    found.push('Lucene writes ranges as field:>=value');
  if (plain.some((text) => /[\w.@-]\s+:/.test(text))) found.push('Lucene puts no space before the colon');
  if (plain.some((text) => /:\s*\{/.test(text)))
    return { reason: 'KQL nested field queries (field:{ … }) have no Lucene form: name the inner fields with dots (a.b:value)' };
  if (found.length === 0) return undefined;
  const lucene = parts
    .map((part) =>
      part.literal
        ? part.text
        : part.text
            .replace(KQL_OPERATOR, (_match, before: string, word: string) => `${before}${word.toUpperCase()}`)
            .replace(KQL_RANGE, (_match, field: string, op: string) => `${field}:${op}`)
            .replace(SPACED_COLON, (_match, field: string) => `${field}:`),
    )
    .join('');
  return { lucene, reason: `This looks like KQL: ${found.join('; ')}.` };
}

/** `field:value` clauses of a query (outside phrases), with the value as written. */
function clauses(query: string): { field: string; value: string }[] {
  const out: { field: string; value: string }[] = [];
  for (const part of pieces(query)) {
    if (part.literal) continue;
    for (const match of part.text.matchAll(/([\w.@-]+):([^\s()]+)/g)) out.push({ field: match[1] ?? '', value: match[2] ?? '' });
  }
  return out;
}

/**
 * Why a query may have found nothing: a wildcard spanning more than one word on a text field (the analyser cut the
 * value into words, `web-01` → `web`, `01`), whose keyword twin matches the whole value.
 */
export function wildcardHint(query: string, fields: readonly HintField[]): string | undefined {
  for (const { field, value } of clauses(query)) {
    if (!/[*?]/.test(value)) continue;
    const info = fields.find((candidate) => candidate.name === field);
    if (info === undefined || info.type !== 'text') continue;
    if (!/[^\w*?]/.test(value.replace(/^[*?]+|[*?]+$/g, ''))) continue;
    const whole = info.keyword === undefined ? '' : ` Use ${info.keyword}:${value} to match whole values`;
    return `${field} is a text field: a wildcard matches one word of it, and ${value} spans several (${field} is split at - . / and spaces).${whole}${whole === '' ? ` Try ${field}:"${value.replace(/[*?]/g, '')}" for the words in order.` : '.'}`;
  }
  return undefined;
}

/** A range on a number field whose bound is no number (`status:>=abc`): it can match nothing. */
export function rangeHint(query: string, fields: readonly HintField[], numericTypes: ReadonlySet<string>): string | undefined {
  for (const { field, value } of clauses(query)) {
    const range = /^(>=|<=|>|<)(.*)$/.exec(value);
    const bracket = /^[[{](.*?) TO (.*?)[\]}]$/.exec(value);
    const bounds = range !== null ? [range[2] ?? ''] : bracket !== null ? [bracket[1] ?? '', bracket[2] ?? ''] : [];
    const info = fields.find((candidate) => candidate.name === field);
    if (info === undefined || !numericTypes.has(info.type)) continue;
    const bad = bounds.find((bound) => bound !== '*' && bound !== '' && !Number.isFinite(Number(bound)));
    if (bad !== undefined) return `${field} holds numbers, and ${bad} is not a number: ${field}:${value} matches nothing.`;
  }
  return undefined;
}

/**
 * What is wrong with a /regexp/ of the query, for the engine's refusal says only that the query failed. Lucene's
 * syntax is close to JavaScript's where it can break (brackets, groups, repetitions).
 */
export function regexpHint(query: string): string | undefined {
  for (const part of pieces(query)) {
    if (!part.literal || !part.text.startsWith('/')) continue;
    if (!part.text.endsWith('/') || part.text.length < 2) return `The regular expression ${part.text} has no closing /.`;
    try {
      new RegExp(part.text.slice(1, -1));
    } catch (error) {
      const reason = error instanceof Error ? error.message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /, '') : String(error);
      return `The regular expression ${part.text} is not valid: ${reason}.`;
    }
  }
  return undefined;
}
