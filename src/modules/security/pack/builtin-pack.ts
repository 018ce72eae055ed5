import fs from 'node:fs';
import { readAttackCatalog, type AttackCatalog } from '../../../sigma/index.js';
import { newInt32Id } from '../../../shared/ids.js';
import type { ControlPlaneDb } from '../../../storage/control-plane/index.js';
import { PRECONFIGURED_BY, type SecurityRule } from '../rules/security-rule.js';
import { securityRuleRepository } from '../rules/security-rule-repository.js';
import { sigmaDrafts } from '../sigma/sigma-correlations.js';
import type { SigmaRuleDraft } from '../sigma/sigma-rule-drafts.js';

interface PackFile {
  readonly source: string;
  readonly rules: readonly { readonly path: string; readonly sigmaId: string | null; readonly yaml: string }[];
}

const readJson = (name: string): unknown => JSON.parse(fs.readFileSync(new URL(`./${name}`, import.meta.url), 'utf8')) as unknown;

let attackCatalog: AttackCatalog | undefined;
/** The ATT&CK catalog shipped with the pack (scripts/build-security-pack.ts made it from the datasets). */
export function shippedAttackCatalog(): AttackCatalog {
  attackCatalog ??= readAttackCatalog(readJson('attack-catalog.json'));
  return attackCatalog;
}

let drafts: readonly (SigmaRuleDraft & { readonly path: string; readonly source: string })[] | undefined;
/** The pack's rules converted once per process (hundreds of rules: about a second). */
export function builtInDrafts(): readonly (SigmaRuleDraft & { readonly path: string; readonly source: string })[] {
  if (drafts === undefined) {
    const pack = readJson('builtin-pack.json') as PackFile;
    const attack = shippedAttackCatalog();
    drafts = pack.rules.flatMap((rule) =>
      sigmaDrafts(rule.yaml, attack).map((draft) => ({ ...draft, path: rule.path, source: pack.source })),
    );
  }
  return drafts;
}

/**
 * Installs the built-in pack into a new security account as protected rules (decision 0406), in the transaction that
 * creates the account. Each keeps its Sigma id, author and references, and a link to its file in SigmaHQ.
 */
export async function installBuiltInPack(tx: ControlPlaneDb, accountId: number, now: number): Promise<number> {
  const rules: SecurityRule[] = builtInDrafts().map((draft) => ({
    id: newInt32Id(),
    accountId,
    definition: draft.definition,
    protected: true,
    // Logward's own rules (logward/…) are not SigmaHQ's: only theirs link to their file.
    origin: draft.path.startsWith('logward/')
      ? draft.origin
      : { ...draft.origin, references: [...draft.origin.references, `https://github.com/SigmaHQ/sigma/blob/master/${draft.path}`] },
    createdAt: now,
    updatedAt: now,
    createdBy: PRECONFIGURED_BY,
    updatedBy: PRECONFIGURED_BY,
  }));
  await securityRuleRepository.insert(tx, rules);
  return rules.length;
}
