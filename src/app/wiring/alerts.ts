import type { AccountService } from '../../modules/accounts/index.js';
import {
  alertRoutes,
  createAlertEvaluationService,
  createAlertService,
  createFiringDispatcher,
  createSearchQueryRunner,
  createTriggeredAlertService,
  triggeredAlertRoutes,
  type AlertEvaluationService,
} from '../../modules/alerts/index.js';
import type { NotificationService } from '../../modules/notifications/index.js';
import type { SearchService } from '../../modules/search/index.js';
import { evaluateAlertsJob } from '../../scheduler/jobs/evaluate-alerts.js';
import type { Actor, Principal } from '../../shared/principal.js';
import type { AreaWiring, WiringContext } from './area.js';
import type { AppendOwnLogs } from './own-logs.js';

export interface AlertWiringDeps {
  readonly accounts: AccountService;
  readonly search: SearchService;
  readonly notifications: NotificationService;
  readonly appendOwnLogs: AppendOwnLogs;
  readonly actorOf: (principal: Principal) => Promise<Actor>;
}

export interface AlertWiringOptions {
  /** Overrides the configured settle delay (tests set 0 with a manual clock). */
  readonly alertSettleDelayMs?: number;
  /** Overrides the configured alert concurrency. */
  readonly alertConcurrency?: number;
}

/** Alert definitions, triggered alerts, and the evaluation engine the scheduler role runs every alert interval. */
export function wireAlerts(ctx: WiringContext, deps: AlertWiringDeps, options: AlertWiringOptions): AreaWiring<{ readonly alertEvaluation: AlertEvaluationService }> {
  const { config, clock, logger, db } = ctx;
  const { accounts, search, notifications } = deps;
  const searchableAccountIds = (accountId: number): Promise<number[]> => accounts.searchableAccountIds(accountId);
  const alerts = createAlertService({ db, clock, unknownEndpointIds: notifications.unknownEndpointIds, searchableAccountIds });
  const triggeredAlerts = createTriggeredAlertService({ db });
  const settleDelayMs = options.alertSettleDelayMs ?? config.alerts.settleDelayMs;
  const intervalMs = config.alertIntervalSeconds * 1000;
  const runner = createSearchQueryRunner({ search, getAccount: (id) => accounts.getAccount(id) });
  const alertEvaluation = createAlertEvaluationService({
    db,
    clock,
    logger,
    runner,
    searchableAccountIds,
    dispatcher: createFiringDispatcher({
      db,
      clock,
      logger,
      runner,
      searchableAccountIds,
      notify: (input) => notifications.notify(input),
      appendEventLogs: (documents, dedupToken) => deps.appendOwnLogs(documents, dedupToken),
      samplesPerNotification: config.alerts.samplesPerNotification,
    }),
    settings: {
      intervalMs,
      settleDelayMs,
      concurrency: options.alertConcurrency ?? config.alerts.concurrency,
      evaluationTimeoutMs: config.alerts.evaluationTimeoutMs,
      maxWindowsPerCycle: config.alerts.maxWindowsPerCycle,
    },
  });
  return {
    services: { alertEvaluation },
    routes: [alertRoutes(alerts, deps.actorOf), triggeredAlertRoutes(triggeredAlerts)],
    jobs: [evaluateAlertsJob(alertEvaluation, intervalMs, settleDelayMs, logger)],
  };
}
