/**
 * A Sigma rule as read from its YAML document (Sigma specification 2.x), checked for shape once here: the
 * converter below trusts these types. `detection` stays a plain record: its meaning is the converter's business.
 */
import { invalidSigma, unsupportedSigma } from '../sigma-error.js';

export const SIGMA_LEVELS = ['informational', 'low', 'medium', 'high', 'critical'] as const;
export type SigmaLevel = (typeof SIGMA_LEVELS)[number];

export interface SigmaLogsource {
  readonly category: string | null;
  readonly product: string | null;
  readonly service: string | null;
}

/** A search identifier's definition: a map (AND of fields), a list of maps (OR), or a list of keywords. */
export type SigmaSearch = Readonly<Record<string, unknown>> | readonly unknown[];

export interface SigmaRule {
  readonly title: string;
  readonly id: string | null;
  readonly status: string | null;
  readonly description: string | null;
  readonly author: string | null;
  readonly date: string | null;
  readonly references: readonly string[];
  readonly tags: readonly string[];
  readonly falsepositives: readonly string[];
  readonly level: SigmaLevel | null;
  readonly logsource: SigmaLogsource;
  /** Search identifiers by name (everything under `detection` but `condition` and `timeframe`). */
  readonly searches: ReadonlyMap<string, SigmaSearch>;
  /** One or more conditions: several mean any of them (Sigma's list form). */
  readonly conditions: readonly string[];
  readonly timeframe: string | null;
}

type Doc = Readonly<Record<string, unknown>>;

const isRecord = (value: unknown): value is Doc => typeof value === 'object' && value !== null && !Array.isArray(value);

/** YAML reads unquoted dates as Date objects; Sigma means the text. */
function text(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** The title (or id) that names a rule in messages, before the rule is known to be valid. */
export function ruleNameOf(doc: unknown, index: number): string {
  if (!isRecord(doc)) return `document ${index + 1}`;
  return text(doc.title) ?? text(doc.id) ?? `document ${index + 1}`;
}

/** A document of a rule collection (Sigma 2.x) → a validated rule. */
export function readSigmaRule(doc: unknown, index: number): SigmaRule {
  const rule = ruleNameOf(doc, index);
  const at = (path: string) => ({ rule, path });
  if (!isRecord(doc)) throw invalidSigma(at('$'), 'a rule must be a YAML mapping');
  if (doc.correlation !== undefined) throw unsupportedSigma(at('correlation'), 'correlation', 'a correlation rule');
  if (doc.filter !== undefined && doc.detection === undefined)
    throw unsupportedSigma(at('filter'), 'correlation', 'a meta filter document');
  const string = (key: string, required = false): string | null => {
    const value = doc[key];
    if (value === undefined || value === null) {
      if (required) throw invalidSigma(at(key), `missing ${key}`);
      return null;
    }
    const read = text(value);
    if (read === null) throw invalidSigma(at(key), `${key} must be a string`);
    return read;
  };
  const strings = (key: string): string[] => {
    const value = doc[key];
    if (value === undefined || value === null) return [];
    const list = Array.isArray(value) ? value : [value];
    return list.map((item, i) => {
      const read = text(item);
      if (read === null) throw invalidSigma(at(`${key}[${i}]`), `${key} must hold strings`);
      return read;
    });
  };
  const title = string('title', true) ?? '';
  const level = string('level');
  if (level !== null && !(SIGMA_LEVELS as readonly string[]).includes(level)) {
    throw invalidSigma(at('level'), `level must be one of ${SIGMA_LEVELS.join(', ')}`);
  }
  const logsource = doc.logsource;
  if (!isRecord(logsource)) throw invalidSigma(at('logsource'), 'logsource must be a mapping');
  const source = (key: string): string | null => {
    const value = logsource[key];
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') throw invalidSigma(at(`logsource.${key}`), `logsource.${key} must be a string`);
    return value.toLowerCase();
  };
  const detection = doc.detection;
  if (!isRecord(detection)) throw invalidSigma(at('detection'), 'detection must be a mapping');
  const condition = detection.condition;
  const conditions = typeof condition === 'string' ? [condition] : Array.isArray(condition) ? condition : null;
  if (conditions === null || conditions.length === 0 || !conditions.every((c): c is string => typeof c === 'string' && c.trim() !== '')) {
    throw invalidSigma(at('detection.condition'), 'detection.condition must be a non-empty string or list of strings');
  }
  const timeframe = detection.timeframe;
  if (timeframe !== undefined && typeof timeframe !== 'string')
    throw invalidSigma(at('detection.timeframe'), 'detection.timeframe must be a string');
  const searches = new Map<string, SigmaSearch>();
  for (const [name, value] of Object.entries(detection)) {
    if (name === 'condition' || name === 'timeframe') continue;
    if (!isRecord(value) && !Array.isArray(value)) {
      throw invalidSigma(at(`detection.${name}`), 'a search identifier must be a mapping or a list');
    }
    searches.set(name, value);
  }
  if (searches.size === 0) throw invalidSigma(at('detection'), 'detection defines no search identifier');
  return {
    title,
    id: string('id'),
    status: string('status'),
    description: string('description'),
    author: string('author'),
    date: string('date'),
    references: strings('references'),
    tags: strings('tags'),
    falsepositives: strings('falsepositives'),
    level: level as SigmaLevel | null,
    logsource: { category: source('category'), product: source('product'), service: source('service') },
    searches,
    conditions,
    timeframe: typeof timeframe === 'string' ? timeframe : null,
  };
}
