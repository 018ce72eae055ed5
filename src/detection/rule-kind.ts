import type { FieldValue, MeasuredGroup } from '../storage/log-store.js';
import type { Severity } from '../shared/severity.js';
import type { FiringRecord } from './firings/firing.js';
import type { DetectionWindow, Question, SampleRequest } from './questions/question.js';

/** When a rule's windows end: on its cron in its time zone; without one, every evaluation interval. */
export interface RuleSchedule {
  readonly cronExpression?: string;
  readonly timezone?: string;
}

/** What the engine needs of any rule, whatever its kind. */
export interface DetectionRule {
  readonly id: number;
  /** The account the rule belongs to: its firings, event logs and notifications go there. */
  readonly accountId: number;
  /** Each window is [end − windowMs, end). */
  readonly windowMs: number;
  readonly schedule: RuleSchedule | undefined;
}

/** A group a rule fires for in one window, as its kind judged it. */
export interface Firing {
  readonly group: Readonly<Record<string, string>>;
  readonly value: number;
  readonly severity: Severity;
  readonly threshold: number;
}

/** What a rule's firings carry, frozen at firing time (the rule may change or go before they are sent). */
export interface FiringDetails {
  readonly title: string;
  readonly description: string;
  readonly tags: readonly string[];
  readonly emails: readonly string[];
  /** One e-mail to every recipient instead of one each. */
  readonly sendToAll: boolean;
  readonly endpointIds: readonly number[];
  /** A group notified less than this long ago is not notified again (0: always). */
  readonly suppressNotificationsMinutes: number;
}

/** The event log a firing writes into its account's logs (type and time are the engine's). */
export interface EventLogContent {
  readonly message: string;
  readonly fields: Readonly<Record<string, FieldValue>>;
}

/** Runs a sample search: the engine scopes it and leaves out the service's own event logs. */
export type AskSamples = (request: SampleRequest, signal: AbortSignal) => Promise<Readonly<Record<string, unknown>>[]>;

/**
 * A kind of rule the engine evaluates (alerts, security rules …): everything kind-specific goes through these few
 * methods; windows, watermarks, question batches, the firing outbox, suppression and dispatch are the engine's.
 * Method syntax on purpose: a kind of a narrower rule type registers as a kind of DetectionRule.
 */
export interface RuleKind<R extends DetectionRule = DetectionRule> {
  /** Names the kind in firing keys, watermarks and notification sources (`alert`). */
  readonly kind: string;
  /** Log type of the event logs its firings write. */
  readonly eventLogType: string;
  /** Fields only its event logs carry: a question that names one (or the type) counts those logs. */
  readonly eventLogFields: readonly string[];
  listEnabled(): Promise<readonly R[]>;
  /** The questions a rule asks for each of its due windows: one list per window, in the windows' order. */
  questions(rule: R, windows: readonly DetectionWindow[]): Promise<readonly (readonly Question[])[]>;
  /** The groups that fire in a window, from the answers to that window's questions (same order). */
  judge(rule: R, answers: readonly (readonly MeasuredGroup[])[]): readonly Firing[];
  details(rule: R): FiringDetails;
  eventLog(firing: FiringRecord): EventLogContent;
  /** Matching logs to show in a firing's notifications; none without this method. */
  samples?(firing: FiringRecord, ask: AskSamples, signal: AbortSignal): Promise<readonly Readonly<Record<string, unknown>>[]>;
}

/** A rule's questions for the windows ending at `ends`, each `windowMs` long (the engine's cycles and the preview). */
export async function questionsOfWindows<R extends DetectionRule>(
  kind: RuleKind<R>,
  rule: R,
  ends: readonly number[],
): Promise<readonly (readonly Question[])[]> {
  return ends.length === 0
    ? []
    : kind.questions(
        rule,
        ends.map((end) => ({ fromMs: end - rule.windowMs, toMs: end })),
      );
}
