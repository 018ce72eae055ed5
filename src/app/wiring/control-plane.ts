import {
  createAccountService,
  subAccountRoutes,
  whoamiRoutes,
  type AccountService,
  type BootstrapResult,
} from '../../modules/accounts/index.js';
import { authGroupRoutes, createAuthGroupService } from '../../modules/auth-groups/index.js';
import {
  createActorResolver,
  createTokenManagementService,
  createTokenService,
  tokenRoutes,
  type TokenService,
} from '../../modules/tokens/index.js';
import { createUsageService, type UsageService } from '../../modules/usage/index.js';
import { createUserService, userRoutes } from '../../modules/users/index.js';
import { endMembershipSessions } from '../../modules/sessions/index.js';
import type { Actor, Principal } from '../../shared/principal.js';
import type { AreaWiring, WiringContext } from './area.js';

/** Days of usage the detailed account view lists (Logz.io shows the recent month). */
const DAILY_USAGE_DAYS = 30;

export interface ControlPlaneServices {
  readonly usage: UsageService;
  readonly tokens: TokenService;
  readonly accounts: AccountService;
  readonly bootstrap: BootstrapResult;
  /** Who a principal's writes are recorded as (createdBy/updatedBy). */
  readonly actorOf: (principal: Principal) => Promise<Actor>;
}

/** Accounts, users, API and shipping tokens, authentication groups and usage; creates the first account when the store is empty. */
export async function wireControlPlane(ctx: WiringContext): Promise<AreaWiring<ControlPlaneServices>> {
  const { config, clock, db, logStore } = ctx;
  const usage = createUsageService({ db, clock });
  const tokens = createTokenService({ db, clock });
  const accounts = createAccountService({
    db,
    clock,
    tokens,
    dailyUsage: (accountId) => usage.usageFor(accountId, DAILY_USAGE_DAYS),
    // A deleted account's logs go with it; the control-plane rows are already gone when this runs.
    onAccountDeleted: [(accountId) => logStore.deleteAccount(accountId)],
  });
  const users = createUserService({ db, clock, scope: accounts.scope, endSessions: endMembershipSessions });
  const tokenManagement = createTokenManagementService({ db, clock, tokens, scope: accounts.scope });
  const authGroups = createAuthGroupService({ db, clock });
  const bootstrap = await accounts.bootstrap({
    region: config.region,
    adminEmail: config.bootstrapAdminEmail,
    apiToken: config.bootstrapApiToken,
    shippingToken: config.bootstrapShippingToken,
  });
  const actorOf = createActorResolver({
    creatorOf: (principal) => tokens.creatorOf(principal),
    accountEmailOf: async (accountId) => (await accounts.getAccount(accountId))?.email,
    fallbackEmail: config.bootstrapAdminEmail,
  });
  return {
    services: { usage, tokens, accounts, bootstrap, actorOf },
    routes: [
      whoamiRoutes(accounts),
      subAccountRoutes(accounts),
      userRoutes(users),
      tokenRoutes(tokenManagement),
      authGroupRoutes(authGroups),
    ],
    jobs: [],
  };
}
