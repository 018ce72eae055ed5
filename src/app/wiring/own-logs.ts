import type { AccountService } from '../../modules/accounts/index.js';
import { createMarkerService, markerRoutes } from '../../modules/markers/index.js';
import { createOwnLogWriter, type OwnLogWriter } from '../../modules/own-logs/index.js';
import type { AreaWiring, WiringContext } from './area.js';

/** The logs Logward writes about itself: markers, and the one writer detection event logs go through too. */
export function wireOwnLogs(
  ctx: WiringContext,
  deps: { readonly accounts: AccountService },
): AreaWiring<{ readonly ownLogs: OwnLogWriter }> {
  const ownLogs = createOwnLogWriter({
    logStore: ctx.logStore,
    clock: ctx.clock,
    retentionDaysOf: async (accountId) => (await deps.accounts.getAccount(accountId))?.retentionDays,
  });
  const markers = createMarkerService({ clock: ctx.clock, appendLogs: ownLogs.append });
  return { services: { ownLogs }, routes: [markerRoutes(markers)], jobs: [] };
}
