import type { SigmaLevel } from '../document/sigma-document.js';

/** Logward's severities (those of alerts and security rules), lowest first. */
export type RuleSeverity = 'INFO' | 'LOW' | 'MEDIUM' | 'HIGH' | 'SEVERE';

const BY_LEVEL: Readonly<Record<SigmaLevel, RuleSeverity>> = {
  informational: 'INFO',
  low: 'LOW',
  medium: 'MEDIUM',
  high: 'HIGH',
  critical: 'SEVERE',
};

/** Sigma `level` → severity; a rule without a level is MEDIUM (Sigma's usual default for an unrated rule). */
export function severityOfLevel(level: SigmaLevel | null): RuleSeverity {
  return level === null ? 'MEDIUM' : BY_LEVEL[level];
}
