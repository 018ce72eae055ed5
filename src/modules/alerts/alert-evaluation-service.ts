import { randomUUID } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { Alert } from './alert.js';
import { alertRepository } from './alert-repository.js';
import { accountIdsOf, type AccountScopeDeps } from './alert-scope.js';
import type { AlertQueryRunner, GroupValue } from './alert-query-runner.js';
import { answerOf, createQuestionBatches, forEachBounded, type Ticket } from './question-batches.js';
import { dueWindowEnds } from './evaluation-windows.js';
import type { FiringDispatcher } from './firing-dispatcher.js';
import { correlate, groupKeyOf, judgeSubComponent, type Firing } from './trigger-evaluation.js';

/** Questions answered by one search at most (bounds the SQL a batch compiles to). */
const MAX_QUESTIONS_PER_BATCH = 50;
/** Windows recorded at the same time (control-plane transactions). */
const RECORDING_CONCURRENCY = 4;
import { firingKeyOf, type TriggeredAlert } from './triggered-alert.js';
import { triggeredAlertRepository } from './triggered-alert-repository.js';

export interface EvaluationSettings {
  /** Grid of windows for alerts without a cron schedule (LOGWARD_ALERT_INTERVAL_SECONDS). */
  readonly intervalMs: number;
  /** A window is judged this long after it ends, once late logs are in. */
  readonly settleDelayMs: number;
  /** Searches (batches of alert questions) run at the same time. */
  readonly concurrency: number;
  /** Limit of one search; its alerts are judged again next cycle when it is exceeded. */
  readonly evaluationTimeoutMs: number;
  /** Windows one alert judges per cycle at most (catch-up after an outage). */
  readonly maxWindowsPerCycle: number;
}

export interface AlertEvaluationDeps extends AccountScopeDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly runner: AlertQueryRunner;
  readonly dispatcher: FiringDispatcher;
  readonly settings: EvaluationSettings;
}

export interface CycleReport {
  readonly alerts: number;
  readonly windowsJudged: number;
  readonly firings: number;
  readonly failures: number;
  /** Per judged window: how long after it became due (end + settle delay) its judgement was stored. */
  readonly lagsMs: readonly number[];
  readonly dispatched: number;
}

/** Evaluates enabled alerts over their due windows and records what fires. */
export function createAlertEvaluationService(deps: AlertEvaluationDeps) {
  const { db, clock, logger, runner, settings } = deps;

  function toTriggered(alert: Alert, windowEndMs: number, firing: Firing): TriggeredAlert {
    const { definition } = alert;
    const groupKey = groupKeyOf(firing.group);
    return {
      id: randomUUID(),
      firingKey: firingKeyOf(alert.id, windowEndMs, groupKey),
      alertId: alert.id,
      accountId: alert.accountId,
      name: definition.title,
      severity: firing.severity,
      tags: definition.tags ?? [],
      groupKey,
      groupValues: firing.group,
      value: firing.value,
      windowStartMs: windowEndMs - definition.searchTimeFrameMinutes * 60_000,
      windowEndMs,
      eventDateMs: clock.now(),
      payload: {
        eventId: randomUUID(),
        description: definition.description ?? '',
        threshold: firing.threshold,
        emails: definition.output?.recipients?.emails ?? [],
        sendToAll: definition.sendToAll === true,
        endpointIds: definition.output?.recipients?.notificationEndpointIds ?? [],
        suppressNotificationsMinutes: definition.output?.suppressNotificationsMinutes ?? 0,
      },
      notificationState: 'pending',
      eventLogBatch: null,
    };
  }

  interface Plan {
    readonly alert: Alert;
    /** Per due window end, oldest first: the ticket of each sub-component's question. */
    readonly windows: readonly { readonly end: number; readonly tickets: readonly Ticket[] }[];
  }

  /** The due windows of an alert and the questions they ask, added to the cycle's batches. */
  async function plan(alert: Alert, evaluatedUntil: number | undefined, batches: ReturnType<typeof createQuestionBatches>): Promise<Plan> {
    const { definition } = alert;
    const ends = dueWindowEnds({
      definition,
      evaluatedUntil,
      nowMs: clock.now(),
      settleDelayMs: settings.settleDelayMs,
      intervalMs: settings.intervalMs,
      maxWindows: settings.maxWindowsPerCycle,
    });
    const accountIds = await Promise.all(definition.subComponents.map((sub) => accountIdsOf(deps, alert.accountId, sub)));
    const windows = ends.map((end) => ({
      end,
      tickets: definition.subComponents.map((sub, index) =>
        batches.ask(
          {
            alertAccountId: alert.accountId,
            accountIds: accountIds[index] ?? [],
            fromMs: end - definition.searchTimeFrameMinutes * 60_000,
            toMs: end,
            groupBy: sub.queryDefinition.groupBy ?? [],
            aggregation: sub.queryDefinition.aggregation,
          },
          { query: sub.queryDefinition.query, filters: sub.queryDefinition.filters },
        ),
      ),
    }));
    return { alert, windows };
  }

  /** Judges an alert's windows in order from the answers and records each; stops at the first unanswered one. */
  async function judgePlan(planned: Plan, report: { windows: number; firings: number; lags: number[] }): Promise<void> {
    const { alert } = planned;
    for (const window of planned.windows) {
      const answers = window.tickets.map(answerOf);
      const failed = answers.find((answer): answer is Error => answer instanceof Error);
      // The watermark stays before this window: it is judged again next cycle, not skipped.
      if (failed !== undefined) throw failed;
      const perSub = alert.definition.subComponents.map((sub, index) => judgeSubComponent(sub, answers[index] as GroupValue[]));
      const firings = correlate(alert.definition, perSub).map((firing) => toTriggered(alert, window.end, firing));
      await triggeredAlertRepository.recordWindow(db, alert.id, window.end, firings, clock.now());
      report.windows += 1;
      report.firings += firings.length;
      report.lags.push(clock.now() - (window.end + settings.settleDelayMs));
    }
  }

  /** Judges every enabled alert's due windows and records what fired (nothing is sent yet). */
  async function judgeDue(signal: AbortSignal): Promise<Omit<CycleReport, 'dispatched'>> {
    const alerts = await alertRepository.listEnabled(db);
    const watermarks = await triggeredAlertRepository.watermarks(
      db,
      alerts.map((alert) => alert.id),
    );
    const batches = createQuestionBatches(MAX_QUESTIONS_PER_BATCH);
    const plans: Plan[] = [];
    let failures = 0;
    const fail = (alert: Alert, error: unknown): void => {
      failures += 1;
      if (!signal.aborted) logger.warn({ err: error, alertId: alert.id }, 'alert evaluation failed');
    };
    for (const alert of alerts) {
      try {
        plans.push(await plan(alert, watermarks.get(alert.id), batches));
      } catch (error) {
        fail(alert, error);
      }
    }
    await batches.run(runner, settings.concurrency, settings.evaluationTimeoutMs, signal);
    const report = { windows: 0, firings: 0, lags: [] as number[] };
    await forEachBounded(plans, RECORDING_CONCURRENCY, async (planned) => {
      try {
        await judgePlan(planned, report);
      } catch (error) {
        fail(planned.alert, error);
      }
    });
    return { alerts: alerts.length, windowsJudged: report.windows, firings: report.firings, failures, lagsMs: report.lags };
  }

  return {
    judgeDue,
    /** One cycle: judge every enabled alert's due windows, then send what recorded firings owe. */
    async runCycle(signal: AbortSignal): Promise<CycleReport> {
      const judged = await judgeDue(signal);
      const dispatched = signal.aborted ? 0 : await deps.dispatcher.dispatchPending(signal, settings.intervalMs / 2);
      return { ...judged, dispatched };
    },
  };
}

export type AlertEvaluationService = ReturnType<typeof createAlertEvaluationService>;
