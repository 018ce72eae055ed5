/**
 * The public door of src/sigma: Sigma rule documents (YAML) → Logward security-rule material (a QueryAst, an
 * optional aggregation, severity, ATT&CK ids, attribution). Pure: no I/O; the ATT&CK catalog is passed in.
 * Every failure is a SigmaError (AppError `invalid_argument`) naming the rule, the path and, for a valid rule
 * Logward cannot express, the construct (`parameters.construct`).
 */
import { convertRule, type ConvertedSigmaRule, type ConvertOptions } from './convert-rule.js';
import { readYamlDocuments } from './document/read-documents.js';
import { readSigmaRule } from './document/sigma-document.js';

export type { ConvertedSigmaRule, ConvertOptions, SigmaAggregation } from './convert-rule.js';
export type { SigmaLevel, SigmaLogsource, SigmaRule } from './document/sigma-document.js';
export type { AttackCatalog, AttackResolution, AttackTactic, AttackTechnique } from './attack/attack-catalog.js';
export type { RuleSeverity } from './severity/sigma-level.js';
export type { UnsupportedConstruct } from './sigma-error.js';
export { SigmaError } from './sigma-error.js';
export { readAttackCatalog, resolveAttackTags } from './attack/attack-catalog.js';
export { severityOfLevel } from './severity/sigma-level.js';
export { readSigmaRule } from './document/sigma-document.js';
export { readYamlDocuments } from './document/read-documents.js';
export { convertRule } from './convert-rule.js';
export { logwardFieldsOf } from './mapping/field-mapping.js';

/**
 * Every rule of a YAML text (documents separated by `---`), converted. All or nothing: the first document that
 * cannot be converted throws, so an import never creates part of a batch.
 */
export function convertSigmaYaml(yamlText: string, options: ConvertOptions = {}): ConvertedSigmaRule[] {
  return readYamlDocuments(yamlText).map((doc, index) => convertRule(readSigmaRule(doc, index), options));
}
