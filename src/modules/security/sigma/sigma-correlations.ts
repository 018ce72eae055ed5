import type { TriggerOperator } from '../../../detection/index.js';
import type { QueryAst } from '../../../query/index.js';
import {
  convertRule,
  logwardFieldsOf,
  readSigmaRule,
  readYamlDocuments,
  resolveAttackTags,
  severityOfLevel,
  SigmaError,
  type AttackCatalog,
  type ConvertedSigmaRule,
  type SigmaLevel,
} from '../../../sigma/index.js';
import type { SecurityRuleDefinition } from '../rules/security-rule.js';
import { draftOfSigmaRule, type SigmaRuleDraft } from './sigma-rule-drafts.js';
import { WINDOW_MINUTES_MAX } from '../../../shared/wire-bounds.js';

type Doc = Readonly<Record<string, unknown>>;

const isRecord = (value: unknown): value is Doc => typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : [];

const UNITS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: 86_400 };
const OPERATORS: Readonly<Record<string, TriggerOperator>> = {
  gt: 'GREATER_THAN',
  gte: 'GREATER_THAN_OR_EQUALS',
  lt: 'LESS_THAN',
  lte: 'LESS_THAN_OR_EQUALS',
  eq: 'EQUALS',
};
const LEVELS = new Set(['informational', 'low', 'medium', 'high', 'critical']);

interface Base {
  readonly converted: ConvertedSigmaRule;
  readonly name: string | null;
}

function nameOf(doc: Doc, index: number): string {
  return (typeof doc.title === 'string' ? doc.title : typeof doc.id === 'string' ? doc.id : null) ?? `document ${index + 1}`;
}

function anyOf(queries: readonly QueryAst[]): QueryAst {
  if (queries.length === 1 && queries[0] !== undefined) return queries[0];
  return { kind: 'bool', must: [], should: [...queries], mustNot: [], filter: [], minimumShouldMatch: 1, boost: 1 };
}

/**
 * A Sigma correlation document (`event_count`, `value_count`, `temporal`) on the base rules of the same import, as a
 * security rule (decision 0405): counts map onto the engine's COUNT / UNIQUE_COUNT per group over `timespan`; temporal
 * onto one sub-component per base rule, AND-correlated and joined on the group-by fields. `temporal_ordered` and
 * `aliases` cannot be expressed: a 400 naming the construct.
 */
function correlationDraft(doc: Doc, index: number, bases: readonly Base[], attack: AttackCatalog): SigmaRuleDraft {
  const rule = nameOf(doc, index);
  const unsupported = (path: string, problem: string) =>
    new SigmaError(rule, path, `Sigma rule "${rule}": ${problem} at ${path} is not supported`, 'correlation');
  const invalid = (path: string, problem: string) => new SigmaError(rule, path, `Sigma rule "${rule}": ${problem} at ${path}`, null);
  const correlation = doc.correlation;
  if (!isRecord(correlation)) throw invalid('correlation', 'correlation must be a mapping');
  const type = correlation.type;
  if (type !== 'event_count' && type !== 'value_count' && type !== 'temporal') {
    throw unsupported('correlation.type', `correlation type ${String(type)}`);
  }
  if (correlation.aliases !== undefined) throw unsupported('correlation.aliases', 'field aliases');
  const referenced = strings(correlation.rules).map((ref, position) => {
    const base = bases.find((candidate) => candidate.name === ref || candidate.converted.sigmaId === ref);
    if (base === undefined) throw invalid(`correlation.rules[${position}]`, `no rule named ${ref} in this import`);
    return base;
  });
  if (referenced.length === 0) throw invalid('correlation.rules', 'a correlation names at least one rule');
  const timespan = /^\s*(\d+)\s*([smhd])\s*$/.exec(String(correlation.timespan ?? ''));
  if (timespan === null) throw invalid('correlation.timespan', 'timespan must be a number and one of s, m, h, d');
  const minutes = Math.max(1, Math.ceil((Number(timespan[1]) * (UNITS[timespan[2] ?? 'm'] ?? 60)) / 60));
  if (minutes > WINDOW_MINUTES_MAX) throw invalid('correlation.timespan', `timespan ${timespan[0].trim()} is longer than a week`);
  const first = referenced[0]?.converted;
  if (first === undefined) throw invalid('correlation.rules', 'a correlation names at least one rule');
  const mapField = (field: string) => logwardFieldsOf(field, first.logsource)[0] ?? field;
  const groupBy = strings(correlation['group-by']).map(mapField);
  const level = typeof doc.level === 'string' && LEVELS.has(doc.level) ? (doc.level as SigmaLevel) : null;
  const severity = severityOfLevel(level);
  const resolved = resolveAttackTags(strings(doc.tags), attack);
  const mitreTags = [...resolved.techniques.map((t) => t.id), ...resolved.tactics.map((t) => t.id)];
  const label = `sigma:${typeof doc.id === 'string' ? doc.id : rule}`;

  const queries: { label: string; ast: QueryAst }[] = [];
  let subComponents: SecurityRuleDefinition['subComponents'];
  let correlations: SecurityRuleDefinition['correlations'];
  if (type === 'temporal') {
    subComponents = referenced.map((base, position) => {
      const subLabel = `${label}#${position}`;
      queries.push({ label: subLabel, ast: base.converted.query });
      return {
        queryDefinition: {
          query: subLabel,
          groupBy,
          aggregation: { aggregationType: 'COUNT' },
          shouldQueryOnAllAccounts: true,
          accountIdsToQueryOn: [],
        },
        trigger: { operator: 'GREATER_THAN', severityThresholdTiers: { [severity]: 0 } },
        output: { columns: [] },
      };
    });
    correlations = {
      correlationOperators: ['AND'],
      joins: groupBy.map((field) => Object.fromEntries(referenced.map((_, position) => [String(position), field]))),
    };
  } else {
    const condition = correlation.condition;
    if (!isRecord(condition)) throw invalid('correlation.condition', 'condition must be a mapping such as {gte: 10}');
    const entry = Object.entries(condition).find(([key]) => key in OPERATORS);
    if (entry === undefined || typeof entry[1] !== 'number')
      throw invalid('correlation.condition', 'condition needs one of gt, gte, lt, lte, eq with a number');
    const field = type === 'value_count' ? (typeof condition.field === 'string' ? mapField(condition.field) : null) : null;
    if (type === 'value_count' && field === null) throw invalid('correlation.condition.field', 'value_count needs condition.field');
    queries.push({ label, ast: anyOf(referenced.map((base) => base.converted.query)) });
    subComponents = [
      {
        queryDefinition: {
          query: label,
          groupBy,
          aggregation: field === null ? { aggregationType: 'COUNT' } : { aggregationType: 'UNIQUE_COUNT', fieldToAggregateOn: field },
          shouldQueryOnAllAccounts: true,
          accountIdsToQueryOn: [],
        },
        trigger: { operator: OPERATORS[entry[0]] ?? 'GREATER_THAN', severityThresholdTiers: { [severity]: entry[1] } },
        output: { columns: [] },
      },
    ];
    correlations = undefined;
  }
  const definition: SecurityRuleDefinition = {
    title: rule,
    description: typeof doc.description === 'string' ? doc.description : '',
    tags: [...new Set(['sigma', 'sigma-correlation', ...strings(doc.tags)])].slice(0, 25),
    output: { recipients: { emails: [], notificationEndpointIds: [] }, suppressNotificationsMinutes: 0, type: 'JSON' },
    searchTimeFrameMinutes: minutes,
    subComponents,
    ...(correlations === undefined ? {} : { correlations }),
    enabled: true,
    mitreTags,
  };
  return {
    definition,
    origin: {
      kind: 'sigma',
      sigmaId: typeof doc.id === 'string' ? doc.id : null,
      author: typeof doc.author === 'string' ? doc.author : null,
      references: strings(doc.references),
      date: typeof doc.date === 'string' ? doc.date : null,
      level,
      logsource: {},
      queries,
    },
  };
}

/**
 * Every document of an import as drafts, or a SigmaError before anything is made: plain rules as themselves,
 * correlation documents over the rules they name (which are then not created on their own unless the correlation
 * says `generate: true`).
 */
export function sigmaDrafts(yamlText: string, attack: AttackCatalog): SigmaRuleDraft[] {
  const docs = readYamlDocuments(yamlText);
  const isCorrelation = (doc: unknown): doc is Doc => isRecord(doc) && doc.correlation !== undefined;
  const bases = new Map<number, Base>();
  docs.forEach((doc, index) => {
    if (isCorrelation(doc)) return;
    const converted = convertRule(readSigmaRule(doc, index), { attack });
    bases.set(index, { converted, name: isRecord(doc) && typeof doc.name === 'string' ? doc.name : null });
  });
  const all = [...bases.values()];
  const consumed = new Set<Base>();
  const drafts: SigmaRuleDraft[] = [];
  docs.forEach((doc, index) => {
    if (!isCorrelation(doc)) return;
    drafts.push(correlationDraft(doc, index, all, attack));
    const correlation = isRecord(doc.correlation) ? doc.correlation : {};
    if (correlation.generate === true) return;
    for (const ref of strings(correlation.rules)) {
      for (const base of all) if (base.name === ref || base.converted.sigmaId === ref) consumed.add(base);
    }
  });
  const plain = [...bases.entries()].filter(([, base]) => !consumed.has(base)).map(([, base]) => draftOfSigmaRule(base.converted));
  return [...plain, ...drafts];
}
