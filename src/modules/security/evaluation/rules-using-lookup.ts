import { lookupReferences } from '../../../query/index.js';
import type { ControlPlaneDb } from '../../../storage/control-plane/index.js';
import { accountRepository } from '../../accounts/index.js';
import { securityAccountRepository } from '../accounts/security-account-repository.js';
import { scannedAccountIds } from '../accounts/security-account-service.js';
import { securityRuleRepository } from '../rules/security-rule-repository.js';
import { subComponentCondition } from './rule-condition.js';

/** A security rule whose query or filters name a lookup list of an account its security account scans. */
export interface SecurityRuleUsingLookup {
  readonly kind: 'security-rule';
  readonly id: number;
  readonly title: string;
}

/**
 * The security rules that would read `list` of `accountId` (decision 0450: a rule names the lists of the accounts
 * it scans, its owner's first): those of every security account scanning `accountId` that name the list by its id
 * or name, read as evaluation reads them. A definition that no longer parses names nothing.
 */
export async function securityRulesUsingLookup(
  db: ControlPlaneDb,
  accountId: number,
  list: { readonly id: string; readonly name: string },
  nowMs: number,
): Promise<SecurityRuleUsingLookup[]> {
  const names = (reference: string): boolean => reference.toLowerCase() === list.id.toLowerCase() || reference === list.name;
  const scans = new Map<number, boolean>();
  const found: SecurityRuleUsingLookup[] = [];
  for (const rule of await securityRuleRepository.listAll(db)) {
    let scanning = scans.get(rule.accountId);
    if (scanning === undefined) {
      const account = await accountRepository.get(db, rule.accountId);
      const settings = await securityAccountRepository.get(db, rule.accountId);
      scanning = account !== undefined && settings !== undefined && scannedAccountIds(account, settings).includes(accountId);
      scans.set(rule.accountId, scanning);
    }
    if (!scanning) continue;
    const uses = rule.definition.subComponents.some((_, index) => {
      try {
        return lookupReferences(subComponentCondition(rule, index, nowMs)).some(names);
      } catch {
        return false;
      }
    });
    if (uses) found.push({ kind: 'security-rule', id: rule.id, title: rule.definition.title });
  }
  return found;
}
