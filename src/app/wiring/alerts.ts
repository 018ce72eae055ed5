import type { DetectionEngine } from '../../detection/index.js';
import type { AccountService } from '../../modules/accounts/index.js';
import {
  alertPreviewRoutes,
  alertRoutes,
  alertRuleOf,
  createAlertRuleKind,
  createAlertService,
  createTriggeredAlertService,
  triggeredAlertRoutes,
  unifiedAlertRoutes,
} from '../../modules/alerts/index.js';
import type { NotificationService } from '../../modules/notifications/index.js';
import type { Actor, Principal } from '../../shared/principal.js';
import type { LookupResolver } from '../../query/index.js';
import type { AreaWiring, WiringContext } from './area.js';

export interface AlertWiringDeps {
  readonly accounts: AccountService;
  readonly notifications: NotificationService;
  /** The engine alerts register on as a rule kind (src/app/wiring/detection.ts). */
  readonly detection: DetectionEngine;
  readonly actorOf: (principal: Principal) => Promise<Actor>;
  /** Lookup lists alert queries may name (checked when an alert is saved). */
  readonly lookups?: LookupResolver;
}

/**
 * Alert definitions (/v2/alerts and the unified log alerts), triggered alerts, and alerts as the detection engine's
 * first rule kind (decision 0340).
 */
export function wireAlerts(ctx: WiringContext, deps: AlertWiringDeps): AreaWiring<Record<string, never>> {
  const { clock, db } = ctx;
  const { accounts, notifications } = deps;
  const searchableAccountIds = (accountId: number): Promise<number[]> => accounts.searchableAccountIds(accountId);
  const alertKind = createAlertRuleKind({ db, clock, searchableAccountIds });
  const alerts = createAlertService({
    db,
    clock,
    preview: (alert, signal) => deps.detection.preview(alertKind, alertRuleOf(alert), signal),
    unknownEndpointIds: notifications.unknownEndpointIds,
    searchableAccountIds,
    ...(deps.lookups === undefined ? {} : { lookups: deps.lookups }),
  });
  const triggeredAlerts = createTriggeredAlertService({ db });
  deps.detection.registerKind(alertKind);
  return {
    services: {},
    routes: [
      alertRoutes(alerts, deps.actorOf),
      alertPreviewRoutes(alerts),
      unifiedAlertRoutes(alerts, deps.actorOf),
      triggeredAlertRoutes(triggeredAlerts),
    ],
    jobs: [],
  };
}
