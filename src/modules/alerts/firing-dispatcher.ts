import { randomUUID } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { LogDocument } from '../../storage/log-store.js';
import type { NotificationMessage, NotifyInput, NotifyResult } from '../notifications/index.js';
import { alertRepository } from './alert-repository.js';
import { alertEventLog } from './alert-event-log.js';
import { accountIdsOf, type AccountScopeDeps } from './alert-scope.js';
import type { AlertQueryRunner } from './alert-query-runner.js';
import type { TriggeredAlert } from './triggered-alert.js';
import { triggeredAlertRepository } from './triggered-alert-repository.js';

export interface FiringDispatcherDeps extends AccountScopeDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly runner: AlertQueryRunner;
  readonly notify: (input: NotifyInput) => Promise<NotifyResult[]>;
  /** Writes alert event logs into the accounts' logs in one store insert (LogStore.append with a dedup token). */
  readonly appendEventLogs: (documents: readonly LogDocument[], dedupToken: string) => Promise<void>;
  readonly samplesPerNotification: number;
}

/**
 * Sends what recorded firings owe: the event log, then notifications unless suppressed. Firings are
 * recorded before any of this (an outbox), so a crash between the two only delays it. Event logs go in
 * batches, one store insert each, under a token recorded with the batch's firings first: a batch a crash
 * interrupted is written again under the same token and the store keeps it once. Each target's delivery is
 * de-duplicated by its recorded outcome.
 */
export function createFiringDispatcher(deps: FiringDispatcherDeps) {
  const { db, clock, logger } = deps;

  async function samplesFor(firing: TriggeredAlert, signal: AbortSignal): Promise<Readonly<Record<string, unknown>>[]> {
    const alert = await alertRepository.getById(db, firing.alertId);
    if (alert === undefined) return [];
    const sub = alert.definition.subComponents.find(
      (candidate) => candidate.output?.shouldUseAllFields === true || (candidate.output?.columns ?? []).length > 0,
    );
    if (sub === undefined) return [];
    const groupFields = new Set(sub.queryDefinition.groupBy ?? []);
    const group = Object.fromEntries(Object.entries(firing.groupValues).filter(([field]) => groupFields.has(field)));
    const samples = await deps.runner.samples(
      {
        alertAccountId: alert.accountId,
        accountIds: await accountIdsOf(deps, alert.accountId, sub),
        query: sub.queryDefinition.query,
        filters: sub.queryDefinition.filters,
        fromMs: firing.windowStartMs,
        toMs: firing.windowEndMs,
        group,
        limit: deps.samplesPerNotification,
      },
      signal,
    );
    const columns = sub.output?.shouldUseAllFields === true ? [] : (sub.output?.columns ?? []).map((column) => column.fieldName);
    if (columns.length === 0) return samples;
    return samples.map((sample) => Object.fromEntries(columns.filter((field) => field in sample).map((field) => [field, sample[field]])));
  }

  async function writeEventLogs(firings: readonly TriggeredAlert[]): Promise<void> {
    const batches = new Map<string, TriggeredAlert[]>();
    const fresh: TriggeredAlert[] = [];
    for (const firing of firings) {
      if (firing.notificationState !== 'pending') continue;
      if (firing.eventLogBatch === null) fresh.push(firing);
      else batches.set(firing.eventLogBatch, [...(batches.get(firing.eventLogBatch) ?? []), firing]);
    }
    if (fresh.length > 0) {
      const token = `alert-events:${randomUUID()}`;
      await triggeredAlertRepository.assignEventLogBatch(db, fresh.map((firing) => firing.id), token);
      batches.set(token, fresh);
    }
    const now = clock.now();
    for (const [token, batch] of batches) {
      await deps.appendEventLogs(batch.map((firing) => alertEventLog(firing, now)), token);
      await triggeredAlertRepository.markEventLogged(db, token);
    }
  }

  async function dispatch(firing: TriggeredAlert, signal: AbortSignal): Promise<void> {
    const { payload } = firing;
    const suppressed =
      payload.suppressNotificationsMinutes > 0 &&
      (await triggeredAlertRepository.notifiedSince(db, firing.alertId, firing.groupKey, firing.eventDateMs - payload.suppressNotificationsMinutes * 60_000));
    if (suppressed) {
      await triggeredAlertRepository.setState(db, firing.id, 'suppressed');
      return;
    }
    if (payload.emails.length > 0 || payload.endpointIds.length > 0) {
      const message: NotificationMessage = {
        eventId: payload.eventId,
        alertId: firing.alertId,
        title: firing.name,
        description: payload.description,
        severity: firing.severity,
        tags: firing.tags,
        groupBy: firing.groupValues,
        value: firing.value,
        threshold: payload.threshold,
        windowStartMs: firing.windowStartMs,
        windowEndMs: firing.windowEndMs,
        eventDateMs: firing.eventDateMs,
        samples: await samplesFor(firing, signal),
        isTest: false,
      };
      await deps.notify({ accountId: firing.accountId, sourceKey: firing.firingKey, message, emails: payload.emails, emailAllAtOnce: payload.sendToAll === true, endpointIds: payload.endpointIds, signal });
    }
    await triggeredAlertRepository.setState(db, firing.id, 'notified');
  }

  return {
    /**
     * Dispatches pending firings oldest first, one at a time so that suppression sees each earlier one. No new
     * firing is started after `budgetMs` (slow receivers must not delay the next cycle's judging); the rest
     * stay pending for the next cycle.
     */
    async dispatchPending(signal: AbortSignal, budgetMs = Number.POSITIVE_INFINITY, limit = 500): Promise<number> {
      const pending = await triggeredAlertRepository.listPending(db, limit);
      const deadline = performance.now() + budgetMs;
      try {
        await writeEventLogs(pending);
      } catch (error) {
        // Left pending with their batch token: the next cycle writes the same batch again.
        logger.error({ err: error }, 'alert event logs could not be written');
        return 0;
      }
      let done = 0;
      for (const firing of pending) {
        if (signal.aborted || performance.now() > deadline) break;
        try {
          await dispatch(firing, signal);
          done += 1;
        } catch (error) {
          // Left pending: the next cycle retries it.
          logger.error({ err: error, alertId: firing.alertId }, 'alert firing dispatch failed');
        }
      }
      return done;
    },
  };
}

export type FiringDispatcher = ReturnType<typeof createFiringDispatcher>;
