import type { QueryAst } from '../../../query/index.js';
import { conditionOf } from '../../../detection/index.js';
import type { SecurityRule } from '../rules/security-rule.js';

/**
 * What a sub-component matches: its Sigma detection (the converted AST) while its query still reads the import's
 * label, otherwise its query text — with its filters and `extra` (a fired group) in both cases.
 */
export function subComponentCondition(rule: SecurityRule, index: number, nowMs: number, extra: readonly QueryAst[] = []): QueryAst {
  const sub = rule.definition.subComponents[index];
  if (sub === undefined) throw new Error(`rule ${rule.id} has no sub-component ${index}`);
  const sigma = rule.origin?.queries[index] ?? null;
  const { query, filters } = sub.queryDefinition;
  if (sigma === null || sigma.label !== query) return conditionOf(query, filters, nowMs, extra);
  const parts = [sigma.ast, ...extra];
  if (filters === undefined && parts.length === 1) return sigma.ast;
  return conditionOf('*', filters, nowMs, parts);
}
