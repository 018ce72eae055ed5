import type { AccountService } from '../../modules/accounts/index.js';
import { createMarkerService, markerRoutes } from '../../modules/markers/index.js';
import type { LogDocument } from '../../storage/log-store.js';
import type { AreaWiring, WiringContext } from './area.js';

/** Appends logs Logward writes itself (alert events, markers) with the accounts' retention. */
export type AppendOwnLogs = (documents: readonly LogDocument[], dedupToken: string) => Promise<void>;

/** The logs Logward writes about itself: markers, and the writer alert events go through. */
export function wireOwnLogs(ctx: WiringContext, deps: { readonly accounts: AccountService }): AreaWiring<{ readonly appendOwnLogs: AppendOwnLogs }> {
  const appendOwnLogs: AppendOwnLogs = async (documents, dedupToken) => {
    const retention = new Map<number, number>();
    for (const accountId of new Set(documents.map((document) => document.accountId))) {
      retention.set(accountId, (await deps.accounts.getAccount(accountId))?.retentionDays ?? 30);
    }
    await ctx.logStore.append(documents, { dedupToken, retentionDaysOf: (accountId) => retention.get(accountId) ?? 30 });
  };
  const markers = createMarkerService({ clock: ctx.clock, appendLogs: appendOwnLogs });
  return { services: { appendOwnLogs }, routes: [markerRoutes(markers)], jobs: [] };
}
