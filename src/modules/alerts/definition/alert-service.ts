import { invalidArgument, notFound } from '../../../shared/app-error.js';
import type { Clock } from '../../../shared/clock.js';
import { newInt32Id } from '../../../shared/ids.js';
import type { ControlPlaneDb } from '../../../storage/control-plane/index.js';
import type { Alert, AlertDefinition } from './alert.js';
import { definitionFromRequest } from './alert-definition.js';
import { alertRepository } from './alert-repository.js';
import type { AlertRequest } from '../routes/alert-wire.js';

export interface AlertServiceDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
  /** Ids among `ids` that are not notification endpoints of the account. */
  readonly unknownEndpointIds: (accountId: number, ids: readonly number[]) => Promise<number[]>;
  /** The accounts an account may search: itself and, for a main account, its searchable sub accounts. */
  readonly searchableAccountIds: (accountId: number) => Promise<readonly number[]>;
}

/** Who acts: the account and the e-mail recorded in createdBy/updatedBy. */
export interface AlertActor {
  readonly accountId: number;
  readonly email: string;
}

export type AlertService = ReturnType<typeof createAlertService>;

function alertNotFound(id: number): Error {
  return notFound(`alert id ${id} not found`, { wireCode: 'alerts/ALERT_NOT_FOUND', parameters: { alertId: id } });
}

export function createAlertService(deps: AlertServiceDeps) {
  const { db, clock } = deps;

  async function validated(accountId: number, request: AlertRequest): Promise<AlertDefinition> {
    const definition = definitionFromRequest(request);
    const endpointIds = definition.output?.recipients?.notificationEndpointIds ?? [];
    const unknown = await deps.unknownEndpointIds(accountId, endpointIds);
    if (unknown.length > 0) {
      throw invalidArgument(`body.output.recipients.notificationEndpointIds names unknown endpoints: ${unknown.join(', ')}`, {
        parameters: { field: 'body.output.recipients.notificationEndpointIds', rule: 'exists', ids: unknown },
      });
    }
    const searchable = new Set(await deps.searchableAccountIds(accountId));
    for (const [index, sub] of definition.subComponents.entries()) {
      const refused = (sub.queryDefinition.accountIdsToQueryOn ?? []).filter((id) => !searchable.has(id));
      if (refused.length > 0) {
        throw invalidArgument(`body.subComponents.${index}.queryDefinition.accountIdsToQueryOn names accounts this account may not search: ${refused.join(', ')}`, {
          parameters: { field: `body.subComponents.${index}.queryDefinition.accountIdsToQueryOn`, rule: 'searchable', accountIds: refused },
        });
      }
    }
    return definition;
  }

  async function require(accountId: number, id: number): Promise<Alert> {
    const alert = await alertRepository.get(db, accountId, id);
    if (alert === undefined) throw alertNotFound(id);
    return alert;
  }

  return {
    list: (accountId: number): Promise<Alert[]> => alertRepository.list(db, accountId),

    get: require,

    async create(actor: AlertActor, request: AlertRequest): Promise<Alert> {
      const definition = await validated(actor.accountId, request);
      const now = clock.now();
      const alert: Alert = { id: newInt32Id(), accountId: actor.accountId, definition, createdAt: now, updatedAt: now, createdBy: actor.email, updatedBy: actor.email };
      await alertRepository.insert(db, alert);
      return alert;
    },

    /** Full replace (PUT): fields left out return to their defaults. */
    async update(actor: AlertActor, id: number, request: AlertRequest): Promise<Alert> {
      const existing = await require(actor.accountId, id);
      const definition = await validated(actor.accountId, request);
      const alert: Alert = { ...existing, definition, updatedAt: clock.now(), updatedBy: actor.email };
      await db.transaction().execute(async (tx) => {
        await alertRepository.update(tx, alert);
        if (definition.enabled && !existing.definition.enabled) await alertRepository.resetWatermark(tx, id);
      });
      return alert;
    },

    async delete(accountId: number, id: number): Promise<Alert> {
      const existing = await require(accountId, id);
      if (!(await alertRepository.delete(db, accountId, id))) throw alertNotFound(id);
      return existing;
    },

    async setEnabled(actor: AlertActor, id: number, enabled: boolean): Promise<void> {
      await db.transaction().execute(async (tx) => {
        if (!(await alertRepository.setEnabled(tx, actor.accountId, id, enabled, clock.now(), actor.email))) throw alertNotFound(id);
        if (enabled) await alertRepository.resetWatermark(tx, id);
      });
    },
  };
}
