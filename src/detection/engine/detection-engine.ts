import { randomUUID } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import { createFiringDispatcher } from '../dispatch/firing-dispatcher.js';
import type { Notify, WriteEventLogs } from '../dispatch/ports.js';
import { firingKeyOf, type FiringRecord } from '../firings/firing.js';
import { firingRepository } from '../firings/firing-repository.js';
import { watermarkRepository } from '../firings/watermark-repository.js';
import { newFirings, openIncidentsOf } from '../incidents/open-incidents.js';
import { forEachBounded } from '../questions/bounded.js';
import { excludedEventLogTypes } from '../questions/own-event-logs.js';
import type { LogQuestions } from '../questions/question.js';
import { answerOf, createQuestionBatches, type QuestionBatches, type Ticket } from '../questions/question-batches.js';
import { questionsOfWindows, type AskSamples, type DetectionRule, type Firing, type RuleKind } from '../rule-kind.js';
import { groupKeyOf } from '../triggers/correlation.js';
import { dueWindowEnds } from '../windows/evaluation-windows.js';
import { previewRule, type PreviewOptions, type RulePreview } from '../preview/rule-preview.js';

export interface DetectionSettings {
  /** Grid of windows for rules without a cron schedule (LOGWARD_DETECTION_INTERVAL_SECONDS). */
  readonly intervalMs: number;
  /** A window is judged this long after it ends, once late logs are in. */
  readonly settleDelayMs: number;
  /** Question batches asked at the same time. */
  readonly concurrency: number;
  /** Limit of one batch; its rules are judged again next cycle when it is exceeded. */
  readonly evaluationTimeoutMs: number;
  /** Windows one rule judges per cycle at most (catch-up after an outage). */
  readonly maxWindowsPerCycle: number;
  /** Matching logs a notification shows at most. */
  readonly samplesPerNotification: number;
}

/** Questions answered by one pass at most (bounds the SQL a batch compiles to). */
const MAX_QUESTIONS_PER_BATCH = 50;
/** Windows recorded at the same time (control-plane transactions). */
const RECORDING_CONCURRENCY = 4;

export interface DetectionEngineDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly questions: LogQuestions;
  readonly notify: Notify;
  readonly writeEventLogs: WriteEventLogs;
  readonly settings: DetectionSettings;
}

export interface CycleReport {
  /** Enabled rules of every kind. */
  readonly rules: number;
  readonly windowsJudged: number;
  readonly firings: number;
  readonly failures: number;
  /** Per judged window: how long after it became due (end + settle delay) its judgement was stored. */
  readonly lagsMs: readonly number[];
  readonly dispatched: number;
}

interface Plan {
  readonly kind: RuleKind;
  readonly rule: DetectionRule;
  /** Per due window end, oldest first: the ticket of each question. */
  readonly windows: readonly { readonly end: number; readonly tickets: readonly Ticket[] }[];
}

/**
 * Evaluates every registered rule kind over its rules' due windows, records what fires (with the watermark, in one
 * transaction) and dispatches it. The kinds say what to ask and how to judge; everything else is here.
 */
export function createDetectionEngine(deps: DetectionEngineDeps) {
  const { db, clock, logger, settings } = deps;
  const kinds = new Map<string, RuleKind>();

  const ownEventLogs = () => [...kinds.values()].map((kind) => ({ type: kind.eventLogType, fields: kind.eventLogFields }));

  const askSamples: AskSamples = (request, signal) =>
    deps.questions.samples(
      {
        ...request,
        limit: Math.min(request.limit, settings.samplesPerNotification),
        excludedTypes: excludedEventLogTypes(request.condition, ownEventLogs()),
      },
      signal,
    );

  const dispatcher = createFiringDispatcher({
    db,
    clock,
    logger,
    kindOf: (kind) => kinds.get(kind),
    askSamples,
    notify: deps.notify,
    writeEventLogs: deps.writeEventLogs,
  });

  function toRecord(kind: RuleKind, rule: DetectionRule, windowEndMs: number, firing: Firing): FiringRecord {
    const details = kind.details(rule);
    const groupKey = groupKeyOf(firing.group);
    return {
      id: randomUUID(),
      firingKey: firingKeyOf(kind.kind, rule.id, windowEndMs, groupKey),
      kind: kind.kind,
      ruleId: rule.id,
      accountId: rule.accountId,
      title: details.title,
      severity: firing.severity,
      tags: details.tags,
      groupKey,
      groupValues: firing.group,
      value: firing.value,
      windowStartMs: windowEndMs - rule.windowMs,
      windowEndMs,
      eventDateMs: clock.now(),
      payload: {
        eventId: randomUUID(),
        description: details.description,
        threshold: firing.threshold,
        emails: details.emails,
        sendToAll: details.sendToAll,
        endpointIds: details.endpointIds,
        suppressNotificationsMinutes: details.suppressNotificationsMinutes,
      },
      notificationState: 'pending',
      eventLogBatch: null,
    };
  }

  /** The due windows of a rule and the questions they ask, added to the cycle's batches. */
  async function plan(kind: RuleKind, rule: DetectionRule, evaluatedUntil: number | undefined, batches: QuestionBatches): Promise<Plan> {
    const ends = dueWindowEnds({
      schedule: rule.schedule,
      evaluatedUntil,
      nowMs: clock.now(),
      settleDelayMs: settings.settleDelayMs,
      intervalMs: settings.intervalMs,
      maxWindows: settings.maxWindowsPerCycle,
    });
    const questions = await questionsOfWindows(kind, rule, ends);
    const own = ownEventLogs();
    const windows = ends.map((end, index) => ({
      end,
      tickets: (questions[index] ?? []).map((question) => batches.ask(question, excludedEventLogTypes(question.condition, own))),
    }));
    return { kind, rule, windows };
  }

  /** Judges a rule's windows in order from the answers and records each; stops at the first unanswered one. */
  async function judgePlan(planned: Plan, report: { windows: number; firings: number; lags: number[] }): Promise<void> {
    const { kind, rule } = planned;
    for (const window of planned.windows) {
      const answers = window.tickets.map(answerOf);
      const failed = answers.find((answer): answer is Error => answer instanceof Error);
      // The watermark stays before this window: it is judged again next cycle, not skipped.
      if (failed !== undefined) throw failed;
      const judged = kind.judge(rule, answers as Exclude<(typeof answers)[number], Error>[]);
      // Earlier windows of this plan are recorded by now, so an incident opened one window ago is seen.
      const open =
        judged.length === 0
          ? new Map()
          : openIncidentsOf(await firingRepository.firedBetween(db, kind.kind, rule.id, window.end - rule.windowMs, window.end));
      const firings = newFirings(judged, open).map((firing) => toRecord(kind, rule, window.end, firing));
      await firingRepository.recordWindow(db, kind.kind, rule.id, window.end, firings, clock.now());
      report.windows += 1;
      report.firings += firings.length;
      report.lags.push(clock.now() - (window.end + settings.settleDelayMs));
    }
  }

  /** Judges every enabled rule's due windows and records what fired (nothing is sent yet). */
  async function judgeDue(signal: AbortSignal): Promise<Omit<CycleReport, 'dispatched'>> {
    const batches = createQuestionBatches(MAX_QUESTIONS_PER_BATCH);
    const plans: Plan[] = [];
    let rules = 0;
    let failures = 0;
    const fail = (kind: RuleKind, rule: DetectionRule, error: unknown): void => {
      failures += 1;
      if (!signal.aborted) logger.warn({ err: error, kind: kind.kind, ruleId: rule.id }, 'rule evaluation failed');
    };
    for (const kind of kinds.values()) {
      const enabled = await kind.listEnabled();
      rules += enabled.length;
      const watermarks = await watermarkRepository.list(
        db,
        kind.kind,
        enabled.map((rule) => rule.id),
      );
      for (const rule of enabled) {
        try {
          plans.push(await plan(kind, rule, watermarks.get(rule.id), batches));
        } catch (error) {
          fail(kind, rule, error);
        }
      }
    }
    await batches.run(deps.questions, settings.concurrency, settings.evaluationTimeoutMs, signal);
    const report = { windows: 0, firings: 0, lags: [] as number[] };
    await forEachBounded(plans, RECORDING_CONCURRENCY, async (planned) => {
      try {
        await judgePlan(planned, report);
      } catch (error) {
        fail(planned.kind, planned.rule, error);
      }
    });
    return { rules, windowsJudged: report.windows, firings: report.firings, failures, lagsMs: report.lags };
  }

  return {
    /** Adds a rule kind; its rules are evaluated from the next cycle on. */
    registerKind<R extends DetectionRule>(kind: RuleKind<R>): void {
      if (kinds.has(kind.kind)) throw new Error(`rule kind ${kind.kind} is already registered`);
      kinds.set(kind.kind, kind);
    },
    judgeDue,
    /**
     * What a rule (saved or not) would have fired over the last 24 hours, judged as a cycle judges it; nothing is
     * recorded or sent (decisions 0678, 0780: exact when the rule's measures slide over per-bucket partials).
     */
    preview<R extends DetectionRule>(kind: RuleKind<R>, rule: R, signal: AbortSignal, options?: PreviewOptions): Promise<RulePreview> {
      return previewRule({ questions: deps.questions, settings, ownEventLogs: ownEventLogs() }, kind, rule, clock.now(), signal, options);
    },
    /** One cycle: judge every enabled rule's due windows, then send what recorded firings owe. */
    async runCycle(signal: AbortSignal): Promise<CycleReport> {
      const judged = await judgeDue(signal);
      const dispatched = signal.aborted ? 0 : await dispatcher.dispatchPending(signal, settings.intervalMs / 2);
      return { ...judged, dispatched };
    },
    dispatchPending: dispatcher.dispatchPending,
  };
}

export type DetectionEngine = ReturnType<typeof createDetectionEngine>;
