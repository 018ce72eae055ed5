/**
 * The detection engine (decision 0340): evaluates every registered rule kind over windows — watermarks, question
 * batches, trigger tiers, correlations, the firing outbox, suppression and dispatch. A kind plugs in through
 * RuleKind; the engine asks the logs through LogQuestions (typed questions, never Elasticsearch JSON).
 */
export {
  createDetectionEngine,
  type DetectionEngine,
  type DetectionEngineDeps,
  type DetectionSettings,
  type CycleReport,
} from './engine/detection-engine.js';
export type { RuleKind, DetectionRule, RuleSchedule, Firing, FiringDetails, EventLogContent, AskSamples } from './rule-kind.js';
export type {
  DetectionWindow,
  Question,
  QuestionBatch,
  SampleRequest,
  LogQuestions,
  BucketQuestion,
  BucketedMeasure,
  GroupPartial,
  MeasuredBucket,
} from './questions/question.js';
export type { DetectionNotice, DeliveryReport, Notify, EventLog, WriteEventLogs } from './dispatch/ports.js';
export type { FiringRecord, FiringPayload, NotificationState } from './firings/firing.js';
export { firingRepository, type FiringFilter } from './firings/firing-repository.js';
export { PREVIEW_SPAN_MS, MAX_PREVIEW_WINDOWS, type RulePreview, type PreviewFiring, type PreviewOptions } from './preview/rule-preview.js';
export { watermarkRepository } from './firings/watermark-repository.js';
export {
  TRIGGER_OPERATORS,
  compare,
  highestTierMet,
  groupsMeetingTiers,
  type TriggerOperator,
  type TierTrigger,
  type TierMet,
} from './triggers/trigger-tiers.js';
export { correlate, groupKeyOf, type CorrelationJoin } from './triggers/correlation.js';
// The rule language alerts and security rules share (decision 0693).
export {
  AGGREGATION_TYPES,
  type Aggregation,
  type AggregationType,
  type AlertDefinition,
  type AlertFilters,
  type AlertOutput,
  type AlertSchedule,
  type FilterClause,
  type SubAlert,
  type SubAlertCorrelation,
  type UnifiedAlertExtras,
} from './rule-language/rule-definition.js';
export { conditionOf, measureOf, phraseCondition } from './rule-language/rule-conditions.js';
export { judgeDefinition, judgeSubComponent, definitionDetails } from './rule-language/rule-judgement.js';
export { definitionFromRequest } from './rule-language/rule-definition-request.js';
export { AlertRequest, AlertWireParts, alertFields } from './rule-language/rule-wire.js';
export { firstUnusableLookup, type UnusableLookup } from './rule-language/rule-lookups.js';
export { ALERT_EVENT_LOG_TYPE } from './event-log-types.js';
