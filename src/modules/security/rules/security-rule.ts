import type { QueryAst } from '../../../query/index.js';
import type { AlertDefinition } from '../../../detection/index.js';

/** Security rules' kind in the detection engine: firing keys, watermarks and notification sources. */
export const SECURITY_KIND = 'security';

/** A rule's definition: an alert definition (SPEC.md: same fields) plus the ATT&CK ids it covers. */
export interface SecurityRuleDefinition extends AlertDefinition {
  readonly mitreTags?: readonly string[];
}

/** Where a rule came from when it was not written by hand: a Sigma rule (imported or built in). */
export interface SigmaOrigin {
  readonly kind: 'sigma';
  readonly sigmaId: string | null;
  readonly author: string | null;
  readonly references: readonly string[];
  readonly date: string | null;
  readonly level: string | null;
  readonly logsource: Readonly<Record<string, string>>;
  /**
   * The converted detection of each sub-component: evaluated instead of the query text while the sub-component's
   * `queryDefinition.query` still reads `label` (a replace that changes the query makes it null: the text then counts).
   */
  readonly queries: readonly ({ readonly label: string; readonly ast: QueryAst } | null)[];
}

export interface SecurityRule {
  readonly id: number;
  readonly accountId: number;
  readonly definition: SecurityRuleDefinition;
  readonly protected: boolean;
  readonly origin: SigmaOrigin | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly createdBy: string;
  readonly updatedBy: string;
}

/** Recorded as createdBy of built-in rules, as Logz.io shows its own ("Preconfigured by Logz.io"). */
export const PRECONFIGURED_BY = 'Preconfigured by Logward';
