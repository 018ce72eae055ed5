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
export type { DetectionWindow, Question, QuestionBatch, SampleRequest, LogQuestions } from './questions/question.js';
export type { DetectionNotice, DeliveryReport, Notify, EventLog, WriteEventLogs } from './dispatch/ports.js';
export type { FiringRecord, FiringPayload, NotificationState } from './firings/firing.js';
export { firingRepository, type FiringFilter } from './firings/firing-repository.js';
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
