/** A parsed condition over the rule's search identifiers → one query. */
import type { QueryAst } from '../../query/index.js';
import { allOf, anyOf, not } from '../detection/ast-builders.js';
import { invalidSigma, type SigmaLocation } from '../sigma-error.js';
import type { ConditionNode } from './condition-parser.js';

/** `selection_*` → a test on names; Sigma's patterns know only `*`. */
function namePattern(pattern: string): RegExp {
  return new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\-]/g, '\\$&'))
      .join('.*')}$`,
  );
}

export function conditionQuery(node: ConditionNode, searches: ReadonlyMap<string, QueryAst>, at: SigmaLocation): QueryAst {
  switch (node.kind) {
    case 'search': {
      const query = searches.get(node.name);
      if (query === undefined) throw invalidSigma(at, `the condition names ${node.name}, which detection does not define`);
      return query;
    }
    case 'of': {
      // `them` leaves out identifiers starting with `_` (Sigma's convention for helpers).
      const re = node.pattern === null ? null : namePattern(node.pattern);
      const chosen = [...searches].filter(([name]) => (re === null ? !name.startsWith('_') : re.test(name))).map(([, query]) => query);
      if (chosen.length === 0) throw invalidSigma(at, `"${node.pattern ?? 'them'}" matches no search identifier`);
      return node.quantifier === 'all' ? allOf(chosen) : anyOf(chosen);
    }
    case 'and':
      return allOf(node.parts.map((part) => conditionQuery(part, searches, at)));
    case 'or':
      return anyOf(node.parts.map((part) => conditionQuery(part, searches, at)));
    case 'not':
      return not(conditionQuery(node.part, searches, at));
  }
}
