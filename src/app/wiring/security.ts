import type { LookupResolver } from '../../query/index.js';
import type { DetectionEngine } from '../../detection/index.js';
import type { AccountService } from '../../modules/accounts/index.js';
import type { NotificationService } from '../../modules/notifications/index.js';
import { createLogQuestions, type SearchService } from '../../modules/search/index.js';
import {
  createSecurityAccountService,
  createSecurityEventService,
  createSecurityRuleKind,
  createSecurityRuleService,
  createSigmaImportService,
  installBuiltInPack,
  mitreCoverageRoutes,
  securityAccountRoutes,
  securityEventRoutes,
  securityRuleRoutes,
  shippedAttackCatalog,
  sigmaRoutes,
} from '../../modules/security/index.js';
import type { Actor, Principal } from '../../shared/principal.js';
import type { AreaWiring, WiringContext } from './area.js';

export interface SecurityWiringDeps {
  readonly accounts: AccountService;
  readonly search: SearchService;
  readonly notifications: NotificationService;
  /** The engine alerts run on: security rules register as its second kind (decision 0402). */
  readonly detection: DetectionEngine;
  readonly actorOf: (principal: Principal) => Promise<Actor>;
  /** Resolves lookup lists a rule names (lists of the accounts it scans). */
  readonly lookups: LookupResolver;
}

/** Security (SIEM) accounts, rules, events, Sigma import and the built-in pack; evaluation is the shared engine's. */
export function wireSecurity(ctx: WiringContext, deps: SecurityWiringDeps): AreaWiring<Record<string, never>> {
  const { db, clock } = ctx;
  const { accounts } = deps;
  const securityAccounts = createSecurityAccountService({
    db,
    clock,
    onCreated: async (tx, account) => {
      await installBuiltInPack(tx, account.id, clock.now());
    },
  });
  const scope = {
    ownerOf: async (accountId: number) => (await accounts.getAccount(accountId))?.ownerAccountId ?? null,
    scannedAccountIds: (accountId: number) => securityAccounts.scanned(accountId),
    searchableAccountIds: (accountId: number) => accounts.searchableAccountIds(accountId),
  };
  const rules = createSecurityRuleService({
    db,
    clock,
    unknownEndpointIds: deps.notifications.unknownEndpointIds,
    scannedAccountIds: scope.scannedAccountIds,
    lookups: deps.lookups,
  });
  const events = createSecurityEventService({
    ...scope,
    db,
    clock,
    questions: createLogQuestions({ search: deps.search, getAccount: (id) => accounts.getAccount(id) }),
    retentionDaysOf: async (accountId) => (await accounts.getAccount(accountId))?.retentionDays,
  });
  const attack = shippedAttackCatalog();
  const sigma = createSigmaImportService({ rules, attack });
  deps.detection.registerKind(createSecurityRuleKind({ ...scope, db, clock }));
  return {
    services: {},
    routes: [
      securityAccountRoutes(securityAccounts),
      securityRuleRoutes(rules, deps.actorOf),
      securityEventRoutes(events, deps.actorOf),
      sigmaRoutes(sigma, deps.actorOf),
      mitreCoverageRoutes(rules, attack),
    ],
    jobs: [],
  };
}
