/**
 * Security (SIEM): security accounts, security rules (the detection engine's second rule kind), security events with
 * triage and drill-down, Sigma import, the built-in Sigma pack and ATT&CK coverage (issue 17, decisions 0400–0406).
 */
export { createSecurityAccountService, type SecurityAccountService } from './accounts/security-account-service.js';
export { securityAccountRoutes } from './accounts/security-account-routes.js';
export { createSecurityRuleService, type SecurityRuleService } from './rules/security-rule-service.js';
export { securityRuleRoutes } from './rules/security-rule-routes.js';
export { createSecurityRuleKind, type SecurityDetectionRule } from './evaluation/security-rule-kind.js';
export { SECURITY_EVENT_LOG_TYPE } from './evaluation/security-event-log.js';
export { createSecurityEventService, type SecurityEventService } from './events/security-event-service.js';
export { securityEventRoutes } from './events/security-event-routes.js';
export { createSigmaImportService } from './sigma/sigma-import.js';
export { sigmaRoutes } from './sigma/sigma-routes.js';
export { installBuiltInPack, shippedAttackCatalog, builtInDrafts } from './pack/builtin-pack.js';
export { mitreCoverageRoutes } from './pack/mitre-coverage-routes.js';
export { SECURITY_KIND } from './rules/security-rule.js';
export { securityRulesUsingLookup, type SecurityRuleUsingLookup } from './evaluation/rules-using-lookup.js';
