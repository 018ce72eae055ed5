/** Severities of alerts and rules, lowest first: detection judges them, notifications carry them. */
export const SEVERITIES = ['INFO', 'LOW', 'MEDIUM', 'HIGH', 'SEVERE'] as const;
export type Severity = (typeof SEVERITIES)[number];
