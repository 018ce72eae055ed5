import { createIngest, type DropFilterPort, type DroppedLogKeeper, type Ingest } from '../../ingest/index.js';
import type { AccountService } from '../../modules/accounts/index.js';
import type { TokenService } from '../../modules/tokens/index.js';
import type { UsageService } from '../../modules/usage/index.js';
import type { AreaWiring, WiringContext } from './area.js';

export interface IngestWiringDeps {
  readonly usage: UsageService;
  readonly tokens: TokenService;
  readonly accounts: AccountService;
  readonly dropFilters: DropFilterPort;
  readonly droppedLogs: DroppedLogKeeper;
}

/** The log listeners (HTTP bulk, Elasticsearch _bulk, syslog); they serve their own ports, not API routes. */
export function wireIngest(ctx: WiringContext, deps: IngestWiringDeps): AreaWiring<{ readonly ingest: Ingest }> {
  const ingest = createIngest({
    logger: ctx.logger,
    clock: ctx.clock,
    store: ctx.logStore,
    usage: deps.usage,
    resolveShippingToken: (token) => deps.tokens.resolveShippingToken(token),
    getAccount: (accountId) => deps.accounts.getAccount(accountId),
    region: ctx.config.region,
    dropFilters: deps.dropFilters,
    droppedLogs: deps.droppedLogs,
    metrics: ctx.metrics.ingest,
  });
  return { services: { ingest }, routes: [], jobs: [] };
}
