import { createDetectionEngine, type DetectionEngine } from '../../detection/index.js';
import type { AccountService } from '../../modules/accounts/index.js';
import {
  alertRoutes,
  createAlertRuleKind,
  createAlertService,
  createTriggeredAlertService,
  triggeredAlertRoutes,
  unifiedAlertRoutes,
} from '../../modules/alerts/index.js';
import type { NotificationService } from '../../modules/notifications/index.js';
import type { OwnLogWriter } from '../../modules/own-logs/index.js';
import { createLogQuestions, type SearchService } from '../../modules/search/index.js';
import { evaluateAlertsJob } from '../../scheduler/jobs/evaluate-alerts.js';
import type { Actor, Principal } from '../../shared/principal.js';
import type { LookupResolver } from '../../query/index.js';
import type { AreaWiring, WiringContext } from './area.js';

export interface AlertWiringDeps {
  readonly accounts: AccountService;
  readonly search: SearchService;
  readonly notifications: NotificationService;
  readonly ownLogs: OwnLogWriter;
  readonly actorOf: (principal: Principal) => Promise<Actor>;
  /** Lookup lists alert queries may name (checked when an alert is saved). */
  readonly lookups?: LookupResolver;
}

export interface AlertWiringOptions {
  /** Overrides the configured settle delay (tests set 0 with a manual clock). */
  readonly alertSettleDelayMs?: number;
  /** Overrides the configured alert concurrency. */
  readonly alertConcurrency?: number;
}

/**
 * The detection engine with alerts as its first rule kind (decision 0340), alert definitions and triggered alerts.
 * The scheduler role runs the engine's cycle every alert interval; later kinds register on the same engine.
 */
export function wireAlerts(
  ctx: WiringContext,
  deps: AlertWiringDeps,
  options: AlertWiringOptions,
): AreaWiring<{ readonly alertEvaluation: DetectionEngine }> {
  const { config, clock, logger, db } = ctx;
  const { accounts, search, notifications } = deps;
  const searchableAccountIds = (accountId: number): Promise<number[]> => accounts.searchableAccountIds(accountId);
  const alerts = createAlertService({
    db,
    clock,
    unknownEndpointIds: notifications.unknownEndpointIds,
    searchableAccountIds,
    ...(deps.lookups === undefined ? {} : { lookups: deps.lookups }),
  });
  const triggeredAlerts = createTriggeredAlertService({ db });
  const settleDelayMs = options.alertSettleDelayMs ?? config.alerts.settleDelayMs;
  const intervalMs = config.alertIntervalSeconds * 1000;
  const detection = createDetectionEngine({
    db,
    clock,
    logger,
    questions: createLogQuestions({ search, getAccount: (id) => accounts.getAccount(id) }),
    notify: (input) => notifications.notify(input),
    writeEventLogs: deps.ownLogs.append,
    settings: {
      intervalMs,
      settleDelayMs,
      concurrency: options.alertConcurrency ?? config.alerts.concurrency,
      evaluationTimeoutMs: config.alerts.evaluationTimeoutMs,
      maxWindowsPerCycle: config.alerts.maxWindowsPerCycle,
      samplesPerNotification: config.alerts.samplesPerNotification,
    },
  });
  detection.registerKind(createAlertRuleKind({ db, clock, searchableAccountIds }));
  return {
    services: { alertEvaluation: detection },
    routes: [alertRoutes(alerts, deps.actorOf), unifiedAlertRoutes(alerts, deps.actorOf), triggeredAlertRoutes(triggeredAlerts)],
    jobs: [evaluateAlertsJob(detection, intervalMs, settleDelayMs, logger, (report) => ctx.metrics.detectionCycle(report))],
  };
}
