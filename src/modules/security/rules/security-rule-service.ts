import type { Clock } from '../../../shared/clock.js';
import { newInt32Id } from '../../../shared/ids.js';
import type { Actor } from '../../../shared/principal.js';
import type { ControlPlaneDb } from '../../../storage/control-plane/index.js';
import type { LookupResolver } from '../../../query/index.js';
import { firstUnusableLookup } from '../../../detection/index.js';
import { securityErrors } from '../security-errors.js';
import { forbiddenProtectedChange } from './protected-edits.js';
import { matchesFilter, searchRules, type RulePage } from './rule-search.js';
import type { SecurityRule, SecurityRuleDefinition, SigmaOrigin } from './security-rule.js';
import { ruleDefinitionFromRequest } from './security-rule-definition.js';
import { securityRuleRepository } from './security-rule-repository.js';
import type { BulkDeleteRequest, BulkFilters, BulkUpdateRequest, RuleSearchRequest, SecurityRuleRequest } from './security-rule-wire.js';

export interface SecurityRuleServiceDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
  /** Ids among `ids` that are not notification endpoints of the account. */
  readonly unknownEndpointIds: (accountId: number, ids: readonly number[]) => Promise<number[]>;
  /** The accounts a security account scans. */
  readonly scannedAccountIds: (accountId: number) => Promise<readonly number[]>;
  /** Resolves the lookup lists a query names (decision 0450): a rule naming a list none of its accounts has is refused. */
  readonly lookups?: LookupResolver;
}

export interface BulkResult {
  readonly ruleIds: readonly number[];
  readonly skippedProtectedRuleIds: readonly number[];
}

export type SecurityRuleService = ReturnType<typeof createSecurityRuleService>;

/** The origin kept through a replace: a sub-component whose query text changed is no longer the Sigma detection. */
function originAfter(origin: SigmaOrigin | null, definition: SecurityRuleDefinition): SigmaOrigin | null {
  if (origin === null) return null;
  return {
    ...origin,
    queries: definition.subComponents.map((sub, index) => {
      const kept = origin.queries[index] ?? null;
      return kept !== null && kept.label === sub.queryDefinition.query ? kept : null;
    }),
  };
}

function hasFilters(filters: BulkFilters | undefined): boolean {
  return Object.values(filters ?? {}).some((value) => (Array.isArray(value) ? value.length > 0 : value !== undefined && value !== ''));
}

export function createSecurityRuleService(deps: SecurityRuleServiceDeps) {
  const { db, clock } = deps;

  async function validated(accountId: number, definition: SecurityRuleDefinition): Promise<SecurityRuleDefinition> {
    const unknown = await deps.unknownEndpointIds(accountId, definition.output?.recipients?.notificationEndpointIds ?? []);
    if (unknown.length > 0) throw securityErrors.unknownEndpoints(unknown);
    const scanned = new Set(await deps.scannedAccountIds(accountId));
    for (const [index, sub] of definition.subComponents.entries()) {
      const refused = (sub.queryDefinition.accountIdsToQueryOn ?? []).filter((id) => !scanned.has(id));
      if (refused.length > 0) throw securityErrors.accountsNotScanned(index, refused);
    }
    await checkLookups([...scanned], definition);
    return definition;
  }

  /** Every lookup list a sub-component's query or filters name resolves in the scanned accounts, owner's first. */
  async function checkLookups(accountIds: readonly number[], definition: SecurityRuleDefinition): Promise<void> {
    if (deps.lookups === undefined) return;
    const unusable = await firstUnusableLookup(definition.subComponents, accountIds, deps.lookups, clock.now());
    if (unusable !== undefined)
      throw securityErrors.invalidRule(
        `body.subComponents.${unusable.index}.queryDefinition`,
        'lookup_exists',
        `names a lookup list that cannot be used: ${unusable.message}`,
      );
  }

  async function require(accountId: number, id: number): Promise<SecurityRule> {
    const rule = await securityRuleRepository.get(db, accountId, id);
    if (rule === undefined) throw securityErrors.ruleNotFound(id);
    return rule;
  }

  /** The rules a bulk request names; without filters it must say `all`, so an empty body changes nothing. */
  async function selected(accountId: number, request: { filters?: BulkFilters | undefined; all?: boolean | undefined }) {
    const rules = await securityRuleRepository.list(db, accountId);
    if (request.all !== true && !hasFilters(request.filters)) return [];
    return rules.filter((rule) => request.all === true || matchesFilter(rule, request.filters));
  }

  return {
    get: require,

    list: (accountId: number): Promise<SecurityRule[]> => securityRuleRepository.list(db, accountId),

    async search(accountId: number, request: RuleSearchRequest): Promise<RulePage> {
      return searchRules(await securityRuleRepository.list(db, accountId), request);
    },

    /** Creates the rule, enabled unless the body says otherwise (SPEC.md: created and activated). */
    async create(actor: Actor, request: SecurityRuleRequest): Promise<SecurityRule> {
      const [rule] = await this.createMany(actor, [{ definition: ruleDefinitionFromRequest(request), origin: null }]);
      if (rule === undefined) throw new Error('no rule created');
      return rule;
    },

    /** Creates all the rules or none (a Sigma import). */
    async createMany(
      actor: Actor,
      drafts: readonly { definition: SecurityRuleDefinition; origin: SigmaOrigin | null; protected?: boolean; createdBy?: string }[],
    ): Promise<SecurityRule[]> {
      const now = clock.now();
      const rules: SecurityRule[] = [];
      for (const draft of drafts) {
        rules.push({
          id: newInt32Id(),
          accountId: actor.accountId,
          definition: await validated(actor.accountId, draft.definition),
          protected: draft.protected ?? false,
          origin: draft.origin,
          createdAt: now,
          updatedAt: now,
          createdBy: draft.createdBy ?? actor.email,
          updatedBy: draft.createdBy ?? actor.email,
        });
      }
      await db.transaction().execute(async (tx) => securityRuleRepository.insert(tx, rules));
      return rules;
    },

    /** Full replace (PUT); a built-in rule takes only the edits SPEC.md allows. */
    async update(actor: Actor, id: number, request: SecurityRuleRequest): Promise<SecurityRule> {
      const existing = await require(actor.accountId, id);
      const definition = await validated(actor.accountId, ruleDefinitionFromRequest(request));
      const next: SecurityRuleDefinition =
        existing.protected && request.mitreTags === undefined && existing.definition.mitreTags !== undefined
          ? { ...definition, mitreTags: existing.definition.mitreTags }
          : definition;
      if (existing.protected) {
        const forbidden = forbiddenProtectedChange(existing.definition, next);
        if (forbidden !== null) throw securityErrors.protectedRuleEdit(id, forbidden);
      }
      const rule: SecurityRule = {
        ...existing,
        definition: next,
        origin: originAfter(existing.origin, next),
        updatedAt: clock.now(),
        updatedBy: actor.email,
      };
      await db.transaction().execute(async (tx) => {
        await securityRuleRepository.recordVersion(tx, existing, rule.updatedAt);
        await securityRuleRepository.update(tx, rule);
        if (next.enabled && !existing.definition.enabled) await securityRuleRepository.resetWatermark(tx, id);
      });
      return rule;
    },

    async delete(accountId: number, id: number): Promise<SecurityRule> {
      const existing = await require(accountId, id);
      if (existing.protected) throw securityErrors.protectedRuleDelete(id);
      await db.transaction().execute(async (tx) => {
        await securityRuleRepository.recordVersion(tx, existing, clock.now());
        if (!(await securityRuleRepository.delete(tx, accountId, id))) throw securityErrors.ruleNotFound(id);
        await securityRuleRepository.resetWatermark(tx, id);
      });
      return existing;
    },

    async setEnabled(actor: Actor, id: number, enabled: boolean): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const changed = await securityRuleRepository.setEnabled(tx, actor.accountId, [id], enabled, clock.now(), actor.email);
        if (changed === 0) throw securityErrors.ruleNotFound(id);
        if (enabled) await securityRuleRepository.resetWatermark(tx, id);
      });
    },

    /** Enables/disables and changes recipients of the selected rules (allowed on built-in rules too). */
    async bulkUpdate(actor: Actor, request: BulkUpdateRequest): Promise<BulkResult> {
      const rules = await selected(actor.accountId, request);
      const { enabled, recipients } = request.fields;
      if (recipients !== undefined) {
        const unknown = await deps.unknownEndpointIds(actor.accountId, recipients.recipients.notificationEndpointIds ?? []);
        if (unknown.length > 0) throw securityErrors.unknownEndpoints(unknown);
      }
      const now = clock.now();
      await db.transaction().execute(async (tx) => {
        for (const rule of rules) {
          let definition = rule.definition;
          if (enabled !== undefined) definition = { ...definition, enabled };
          if (recipients !== undefined) {
            const current = definition.output?.recipients ?? {};
            const change = (list: readonly (string | number)[] | undefined, given: readonly (string | number)[] | undefined) => {
              const now = [...(list ?? [])];
              const delta = [...(given ?? [])];
              if (recipients.recipientsOperation === 'REPLACE') return delta;
              if (recipients.recipientsOperation === 'REMOVE') return now.filter((item) => !delta.includes(item));
              return [...new Set([...now, ...delta])];
            };
            definition = {
              ...definition,
              output: {
                ...definition.output,
                recipients: {
                  emails: change(current.emails, recipients.recipients.emails) as string[],
                  notificationEndpointIds: change(
                    current.notificationEndpointIds,
                    recipients.recipients.notificationEndpointIds,
                  ) as number[],
                },
              },
            };
          }
          await securityRuleRepository.recordVersion(tx, rule, now);
          await securityRuleRepository.update(tx, { ...rule, definition, updatedAt: now, updatedBy: actor.email });
          if (enabled === true && !rule.definition.enabled) await securityRuleRepository.resetWatermark(tx, rule.id);
        }
      });
      return { ruleIds: rules.map((rule) => rule.id), skippedProtectedRuleIds: [] };
    },

    /** Deletes the selected rules; built-in ones stay (they can only be disabled) and are listed. */
    async bulkDelete(accountId: number, request: BulkDeleteRequest): Promise<BulkResult> {
      const rules = await selected(accountId, request);
      const deletable = rules.filter((rule) => !rule.protected);
      await db.transaction().execute(async (tx) => {
        for (const rule of deletable) {
          await securityRuleRepository.recordVersion(tx, rule, clock.now());
          await securityRuleRepository.delete(tx, accountId, rule.id);
          await securityRuleRepository.resetWatermark(tx, rule.id);
        }
      });
      return {
        ruleIds: deletable.map((rule) => rule.id),
        skippedProtectedRuleIds: rules.filter((rule) => rule.protected).map((r) => r.id),
      };
    },
  };
}
