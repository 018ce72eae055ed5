import { definitionFromRequest, firstUnusableLookup, type AlertRequest, type RulePreview } from '../../../detection/index.js';
import { alertErrors } from '../alert-errors.js';
import type { Clock } from '../../../shared/clock.js';
import { newInt32Id } from '../../../shared/ids.js';
import type { ControlPlaneDb } from '../../../storage/control-plane/index.js';
import type { Alert, AlertDefinition, UnifiedAlertExtras } from './alert.js';
import { alertRepository } from './alert-repository.js';
import type { LookupResolver } from '../../../query/index.js';

export interface AlertServiceDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
  /** Ids among `ids` that are not notification endpoints of the account. */
  readonly unknownEndpointIds: (accountId: number, ids: readonly number[]) => Promise<number[]>;
  /** The accounts an account may search: itself and, for a main account, its searchable sub accounts. */
  readonly searchableAccountIds: (accountId: number) => Promise<readonly number[]>;
  /** Resolves the lookup lists a query names: an alert naming a list the account lacks is refused. */
  readonly lookups?: LookupResolver;
  /** Runs an alert over the last 24 hours as the engine would, recording nothing (decision 0678). */
  readonly preview?: (alert: Alert, signal: AbortSignal) => Promise<RulePreview>;
}

/** Who acts: the account and the e-mail recorded in createdBy/updatedBy. */
export interface AlertActor {
  readonly accountId: number;
  readonly email: string;
}

/** A preview and the window length it was judged with. */
export interface AlertPreview {
  readonly preview: RulePreview;
  readonly windowMinutes: number;
}

export type AlertService = ReturnType<typeof createAlertService>;

function withUnified(definition: AlertDefinition, unified: UnifiedAlertExtras | undefined): AlertDefinition {
  return unified === undefined || Object.keys(unified).length === 0 ? definition : { ...definition, unified };
}

export function createAlertService(deps: AlertServiceDeps) {
  const { db, clock } = deps;

  async function validated(accountId: number, request: AlertRequest): Promise<AlertDefinition> {
    const definition = definitionFromRequest(request);
    const endpointIds = definition.output?.recipients?.notificationEndpointIds ?? [];
    const unknown = await deps.unknownEndpointIds(accountId, endpointIds);
    if (unknown.length > 0) {
      throw alertErrors.unknownEndpoints(unknown);
    }
    const searchable = new Set(await deps.searchableAccountIds(accountId));
    for (const [index, sub] of definition.subComponents.entries()) {
      const refused = (sub.queryDefinition.accountIdsToQueryOn ?? []).filter((id) => !searchable.has(id));
      if (refused.length > 0) {
        throw alertErrors.accountsNotSearchable(index, refused);
      }
    }
    await checkLookups(accountId, definition);
    return definition;
  }

  /** Every lookup list the sub-components name exists in the account (their queries are otherwise read at evaluation). */
  async function checkLookups(accountId: number, definition: AlertDefinition): Promise<void> {
    if (deps.lookups === undefined) return;
    const unusable = await firstUnusableLookup(definition.subComponents, [accountId], deps.lookups, clock.now());
    if (unusable !== undefined)
      throw alertErrors.invalidDefinition(
        `body.subComponents.${unusable.index}.queryDefinition`,
        'lookup_exists',
        `names a lookup list that cannot be used: ${unusable.message}`,
      );
  }

  async function runPreview(alert: Alert, signal: AbortSignal): Promise<AlertPreview> {
    if (deps.preview === undefined) throw new Error('alert preview is not wired');
    return { preview: await deps.preview(alert, signal), windowMinutes: alert.definition.searchTimeFrameMinutes };
  }

  async function require(accountId: number, id: number): Promise<Alert> {
    const alert = await alertRepository.get(db, accountId, id);
    if (alert === undefined) throw alertErrors.notFound(id);
    return alert;
  }

  return {
    list: (accountId: number): Promise<Alert[]> => alertRepository.list(db, accountId),

    get: require,

    /** `unified`: the unified alerts API's own fields, stored with the definition. */
    async create(actor: AlertActor, request: AlertRequest, unified?: UnifiedAlertExtras): Promise<Alert> {
      const definition = withUnified(await validated(actor.accountId, request), unified);
      const now = clock.now();
      const alert: Alert = {
        id: newInt32Id(),
        accountId: actor.accountId,
        definition,
        createdAt: now,
        updatedAt: now,
        createdBy: actor.email,
        updatedBy: actor.email,
      };
      await alertRepository.insert(db, alert);
      return alert;
    },

    /**
     * Full replace (PUT): fields left out return to their defaults. Without `unified` (the /v2/alerts API, which has
     * no such fields) the unified alerts API's fields are kept.
     */
    async update(actor: AlertActor, id: number, request: AlertRequest, unified?: UnifiedAlertExtras): Promise<Alert> {
      const existing = await require(actor.accountId, id);
      const definition = withUnified(await validated(actor.accountId, request), unified ?? existing.definition.unified);
      const alert: Alert = { ...existing, definition, updatedAt: clock.now(), updatedBy: actor.email };
      await db.transaction().execute(async (tx) => {
        await alertRepository.update(tx, alert);
        if (definition.enabled && !existing.definition.enabled) await alertRepository.resetWatermark(tx, id);
      });
      return alert;
    },

    /** What an unsaved alert (the form's) would have fired over the last 24 hours, validated as a save is. */
    async previewDraft(accountId: number, request: AlertRequest, signal: AbortSignal): Promise<AlertPreview> {
      const definition = await validated(accountId, request);
      const now = clock.now();
      // Id 0 is no alert's (ids are positive): a draft has no firings of its own to be once-per-incident against.
      return runPreview({ id: 0, accountId, definition, createdAt: now, updatedAt: now, createdBy: '', updatedBy: '' }, signal);
    },

    /** What a saved alert of the account would have fired over the last 24 hours (enabled or not). */
    async previewSaved(accountId: number, id: number, signal: AbortSignal): Promise<AlertPreview> {
      return runPreview(await require(accountId, id), signal);
    },

    async delete(accountId: number, id: number): Promise<Alert> {
      const existing = await require(accountId, id);
      await db.transaction().execute(async (tx) => {
        if (!(await alertRepository.delete(tx, accountId, id))) throw alertErrors.notFound(id);
        // The engine's watermark went with the alert row before it moved to the detection tables.
        await alertRepository.resetWatermark(tx, id);
      });
      return existing;
    },

    async setEnabled(actor: AlertActor, id: number, enabled: boolean): Promise<void> {
      await db.transaction().execute(async (tx) => {
        if (!(await alertRepository.setEnabled(tx, actor.accountId, id, enabled, clock.now(), actor.email))) throw alertErrors.notFound(id);
        if (enabled) await alertRepository.resetWatermark(tx, id);
      });
    },
  };
}
