/**
 * A validated Sigma rule → what a Logward security rule is made of: the query (log source AND condition), an
 * optional aggregation for the detection engine's counts, severity, ATT&CK resolution and the attribution Sigma's
 * licence asks to keep.
 */
import type { QueryAst } from '../query/index.js';
import { resolveAttackTags, type AttackCatalog, type AttackResolution } from './attack/attack-catalog.js';
import { conditionQuery } from './condition/condition-query.js';
import { parseCondition, type ComparisonOperator, type ParsedCondition } from './condition/condition-parser.js';
import { allOf, anyOf } from './detection/ast-builders.js';
import { searchQuery } from './detection/search-query.js';
import type { SigmaLevel, SigmaLogsource, SigmaRule } from './document/sigma-document.js';
import { logwardFieldsOf } from './mapping/field-mapping.js';
import { logsourceCondition } from './mapping/logsource.js';
import { severityOfLevel, type RuleSeverity } from './severity/sigma-level.js';
import { invalidSigma, unsupportedSigma, type SigmaLocation } from './sigma-error.js';
import { WINDOW_MINUTES_MAX } from '../shared/wire-bounds.js';

/** A condition's `| fn(field) by … op n`, on Logward fields: the engine counts per group over the timeframe. */
export interface SigmaAggregation {
  /** `count()` counts logs; `count(field)` counts distinct values of the field (Sigma's meaning). */
  readonly measure: 'count' | 'unique_count' | 'sum' | 'min' | 'max' | 'avg';
  readonly field: string | null;
  readonly groupBy: readonly string[];
  readonly operator: ComparisonOperator;
  readonly threshold: number;
}

export interface ConvertedSigmaRule {
  readonly sigmaId: string | null;
  readonly title: string;
  readonly description: string | null;
  readonly author: string | null;
  readonly references: readonly string[];
  readonly date: string | null;
  readonly status: string | null;
  readonly falsepositives: readonly string[];
  readonly tags: readonly string[];
  readonly level: SigmaLevel | null;
  readonly severity: RuleSeverity;
  readonly logsource: SigmaLogsource;
  /** False when the log source is not in the mapping table: the rule then relies on its own fields alone. */
  readonly logsourceMapped: boolean;
  /** Matches the logs the rule detects (for an aggregation rule: the logs it counts). */
  readonly query: QueryAst;
  readonly aggregation: SigmaAggregation | null;
  /** `detection.timeframe` in seconds, or null. */
  readonly timeframeSeconds: number | null;
  /** Null when no ATT&CK catalog was given. */
  readonly attack: AttackResolution | null;
  /** ATT&CK ids the rule covers: techniques as tagged, then tactics (`T1187`, `TA0006`). */
  readonly mitreTags: readonly string[];
}

export interface ConvertOptions {
  readonly attack?: AttackCatalog;
}

const UNITS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800, M: 2_592_000, y: 31_536_000 };

function timeframeSeconds(text: string | null, at: SigmaLocation): number | null {
  if (text === null) return null;
  const m = /^\s*(\d+)\s*([smhdwMy])\s*$/.exec(text);
  if (m === null) throw invalidSigma(at, `timeframe ${text} (expected a number and one of s, m, h, d, w, M, y)`);
  const seconds = Number(m[1]) * (UNITS[m[2] ?? 's'] ?? 1);
  // The rule's window: the API's bound (decision 0611), so an imported rule can be read and written back.
  if (seconds > WINDOW_MINUTES_MAX * 60) throw invalidSigma(at, `timeframe ${text} is longer than a week`);
  return seconds;
}

const firstField = (field: string, logsource: SigmaLogsource): string => logwardFieldsOf(field, logsource)[0] ?? field;

function aggregationOf(parsed: readonly ParsedCondition[], logsource: SigmaLogsource, at: SigmaLocation): SigmaAggregation | null {
  const withAggregation = parsed.filter((p) => p.aggregation !== null);
  if (withAggregation.length === 0) return null;
  if (parsed.length > 1) throw unsupportedSigma(at, 'aggregation', 'an aggregation in a list of several conditions');
  const a = withAggregation[0]?.aggregation;
  if (a === null || a === undefined) return null;
  const measure = a.fn === 'count' ? (a.field === null ? 'count' : 'unique_count') : a.fn;
  return {
    measure,
    field: a.field === null ? null : firstField(a.field, logsource),
    groupBy: a.groupBy.map((g) => firstField(g, logsource)),
    operator: a.operator,
    threshold: a.threshold,
  };
}

export function convertRule(rule: SigmaRule, options: ConvertOptions = {}): ConvertedSigmaRule {
  const at = (path: string): SigmaLocation => ({ rule: rule.title, path });
  const searches = new Map<string, QueryAst>();
  for (const [name, search] of rule.searches) searches.set(name, searchQuery(search, rule.logsource, at(`detection.${name}`)));
  const parsed = rule.conditions.map((condition, i) =>
    parseCondition(condition, at(rule.conditions.length === 1 ? 'detection.condition' : `detection.condition[${i}]`)),
  );
  const detection = anyOf(
    parsed.map((p, i) => conditionQuery(p.expression, searches, at(`detection.condition${parsed.length === 1 ? '' : `[${i}]`}`))),
  );
  const aggregation = aggregationOf(parsed, rule.logsource, at('detection.condition'));
  const timeframe = timeframeSeconds(rule.timeframe, at('detection.timeframe'));
  const source = logsourceCondition(rule.logsource);
  const attack = options.attack === undefined ? null : resolveAttackTags(rule.tags, options.attack);
  return {
    sigmaId: rule.id,
    title: rule.title,
    description: rule.description,
    author: rule.author,
    references: rule.references,
    date: rule.date,
    status: rule.status,
    falsepositives: rule.falsepositives,
    tags: rule.tags,
    level: rule.level,
    severity: severityOfLevel(rule.level),
    logsource: rule.logsource,
    logsourceMapped: source.mapped,
    query: allOf([source.query, detection]),
    aggregation,
    timeframeSeconds: timeframe,
    attack,
    mitreTags: attack === null ? [] : [...attack.techniques.map((t) => t.id), ...attack.tactics.map((t) => t.id)],
  };
}
