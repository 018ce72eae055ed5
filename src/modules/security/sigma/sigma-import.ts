import type { AttackCatalog } from '../../../sigma/index.js';
import type { Actor } from '../../../shared/principal.js';
import type { SecurityRule } from '../rules/security-rule.js';
import type { SecurityRuleService } from '../rules/security-rule-service.js';
import { sigmaDrafts } from './sigma-correlations.js';

export interface SigmaImportDeps {
  readonly rules: SecurityRuleService;
  readonly attack: AttackCatalog;
}

export type SigmaImportService = ReturnType<typeof createSigmaImportService>;

/**
 * `POST /v2/security/rules/sigma`: every document (correlation documents included, 0405) of the YAML becomes a rule, or none does — the converter throws on
 * the first document it cannot express (naming the rule and the construct) before anything is stored, and the rules
 * are stored in one transaction.
 */
export function createSigmaImportService(deps: SigmaImportDeps) {
  return {
    async importYaml(actor: Actor, yamlText: string): Promise<SecurityRule[]> {
      const drafts = sigmaDrafts(yamlText, deps.attack);
      return deps.rules.createMany(actor, drafts);
    },
  };
}
