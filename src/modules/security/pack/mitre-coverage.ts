import type { AttackCatalog } from '../../../sigma/index.js';
import type { SecurityRule } from '../rules/security-rule.js';

export interface CoverageRule {
  readonly id: number;
  readonly title: string;
}

export interface TechniqueCoverage {
  readonly id: string;
  readonly name: string;
  readonly url: string;
  readonly rules: readonly CoverageRule[];
}

export interface TacticCoverage {
  readonly id: string;
  readonly name: string;
  readonly url: string;
  /** Enabled rules tagged with the tactic itself or any of its techniques. */
  readonly ruleCount: number;
  readonly techniquesCovered: number;
  readonly techniquesTotal: number;
  readonly techniques: readonly TechniqueCoverage[];
}

/**
 * ATT&CK coverage of an account's enabled rules (beyond Logz.io): per tactic, the techniques some enabled rule is
 * tagged with and those rules. A sub-technique is listed as itself; its tactics are its parent's.
 */
export function mitreCoverage(rules: readonly SecurityRule[], catalog: AttackCatalog): TacticCoverage[] {
  const enabled = rules.filter((rule) => rule.definition.enabled);
  const byTechnique = new Map<string, CoverageRule[]>();
  const byTactic = new Map<string, Set<number>>();
  for (const rule of enabled) {
    const summary = { id: rule.id, title: rule.definition.title };
    for (const tag of rule.definition.mitreTags ?? []) {
      const technique = catalog.techniques.get(tag);
      if (technique !== undefined) {
        byTechnique.set(tag, [...(byTechnique.get(tag) ?? []), summary]);
        for (const tactic of technique.tactics) byTactic.set(tactic, (byTactic.get(tactic) ?? new Set()).add(rule.id));
      } else if (catalog.tactics.has(tag)) {
        byTactic.set(tag, (byTactic.get(tag) ?? new Set()).add(rule.id));
      }
    }
  }
  return [...catalog.tactics.values()]
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((tactic) => {
      const all = [...catalog.techniques.values()].filter((technique) => technique.tactics.includes(tactic.id));
      const covered = all
        .filter((technique) => byTechnique.has(technique.id))
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .map((technique) => ({ id: technique.id, name: technique.name, url: technique.url, rules: byTechnique.get(technique.id) ?? [] }));
      return {
        id: tactic.id,
        name: tactic.name,
        url: tactic.url,
        ruleCount: byTactic.get(tactic.id)?.size ?? 0,
        techniquesCovered: covered.length,
        techniquesTotal: all.length,
        techniques: covered,
      };
    });
}
