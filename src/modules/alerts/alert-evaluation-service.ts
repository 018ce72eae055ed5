import { randomUUID } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { Alert } from './alert.js';
import { alertRepository } from './alert-repository.js';
import { accountIdsOf, type AccountScopeDeps } from './alert-scope.js';
import type { AlertQueryRunner, GroupValue } from './alert-query-runner.js';
import { dueWindowEnds } from './evaluation-windows.js';
import type { FiringDispatcher } from './firing-dispatcher.js';
import { correlate, groupKeyOf, judgeSubComponent, type Firing } from './trigger-evaluation.js';
import { firingKeyOf, type TriggeredAlert } from './triggered-alert.js';
import { triggeredAlertRepository } from './triggered-alert-repository.js';

export interface EvaluationSettings {
  /** Grid of windows for alerts without a cron schedule (LOGWARD_ALERT_INTERVAL_SECONDS). */
  readonly intervalMs: number;
  /** A window is judged this long after it ends, once late logs are in. */
  readonly settleDelayMs: number;
  /** Alerts evaluated at the same time. */
  readonly concurrency: number;
  /** Limit of one alert's evaluation (all its due windows). */
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

/** Runs `task` over `items` with at most `limit` at a time. */
async function forEachBounded<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

/** Evaluates enabled alerts over their due windows and records what fires. */
export function createAlertEvaluationService(deps: AlertEvaluationDeps) {
  const { db, clock, logger, runner, settings } = deps;

  type AggregateRequest = Parameters<AlertQueryRunner['aggregate']>[0];

  /**
   * Alerts asking exactly the same question in one cycle (e.g. copies with other thresholds, recipients or
   * severities) share one search; a failed search fails each of them, as if run alone.
   */
  function sharedAggregate(cache: Map<string, Promise<GroupValue[]>>, request: AggregateRequest, signal: AbortSignal): Promise<GroupValue[]> {
    const key = JSON.stringify(request);
    let pending = cache.get(key);
    if (pending === undefined) {
      pending = runner.aggregate(request, signal);
      cache.set(key, pending);
    }
    return pending;
  }

  async function judgeWindow(alert: Alert, windowEndMs: number, signal: AbortSignal, cache: Map<string, Promise<GroupValue[]>>): Promise<Firing[]> {
    const { definition } = alert;
    const fromMs = windowEndMs - definition.searchTimeFrameMinutes * 60_000;
    const perSub = await Promise.all(
      definition.subComponents.map(async (sub) => {
        const values = await sharedAggregate(
          cache,
          {
            alertAccountId: alert.accountId,
            accountIds: await accountIdsOf(deps, alert.accountId, sub),
            query: sub.queryDefinition.query,
            filters: sub.queryDefinition.filters,
            fromMs,
            toMs: windowEndMs,
            groupBy: sub.queryDefinition.groupBy ?? [],
            aggregation: sub.queryDefinition.aggregation,
          },
          signal,
        );
        return judgeSubComponent(sub, values);
      }),
    );
    return correlate(definition, perSub);
  }

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
    };
  }

  async function evaluateAlert(
    alert: Alert,
    evaluatedUntil: number | undefined,
    signal: AbortSignal,
    report: { windows: number; firings: number; lags: number[] },
    cache: Map<string, Promise<GroupValue[]>>,
  ): Promise<void> {
    const ends = dueWindowEnds({
      definition: alert.definition,
      evaluatedUntil,
      nowMs: clock.now(),
      settleDelayMs: settings.settleDelayMs,
      intervalMs: settings.intervalMs,
      maxWindows: settings.maxWindowsPerCycle,
    });
    for (const end of ends) {
      signal.throwIfAborted();
      const firings = (await judgeWindow(alert, end, signal, cache)).map((firing) => toTriggered(alert, end, firing));
      await triggeredAlertRepository.recordWindow(db, alert.id, end, firings, clock.now());
      report.windows += 1;
      report.firings += firings.length;
      report.lags.push(clock.now() - (end + settings.settleDelayMs));
    }
  }

  /** Judges every enabled alert's due windows and records what fired (nothing is sent yet). */
  async function judgeDue(signal: AbortSignal): Promise<Omit<CycleReport, 'dispatched'>> {
    const alerts = await alertRepository.listEnabled(db);
    const watermarks = await triggeredAlertRepository.watermarks(
      db,
      alerts.map((alert) => alert.id),
    );
    const report = { windows: 0, firings: 0, lags: [] as number[] };
    const cache = new Map<string, Promise<GroupValue[]>>();
    let failures = 0;
    await forEachBounded(alerts, settings.concurrency, async (alert) => {
      if (signal.aborted) return;
      const alertSignal = AbortSignal.any([signal, AbortSignal.timeout(settings.evaluationTimeoutMs)]);
      try {
        await evaluateAlert(alert, watermarks.get(alert.id), alertSignal, report, cache);
      } catch (error) {
        failures += 1;
        // The watermark stays where it was: the window is judged again next cycle, not skipped.
        if (!signal.aborted) logger.warn({ err: error, alertId: alert.id }, 'alert evaluation failed');
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
