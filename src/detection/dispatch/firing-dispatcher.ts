import { randomUUID } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { FiringRecord } from '../firings/firing.js';
import { firingRepository } from '../firings/firing-repository.js';
import type { AskSamples, RuleKind } from '../rule-kind.js';
import type { DeliveryReport, Notify, WriteEventLogs } from './ports.js';

export interface FiringDispatcherDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly kindOf: (kind: string) => RuleKind | undefined;
  readonly askSamples: AskSamples;
  readonly notify: Notify;
  readonly writeEventLogs: WriteEventLogs;
}

/**
 * How long a claim on a firing's notifications lasts: longer than delivering one firing takes (retries included),
 * short enough that a killed process's claims are taken over within a few cycles.
 */
const CLAIM_MS = 120_000;

/**
 * Sends what recorded firings owe: the event log, then notifications unless suppressed. Firings are recorded before
 * any of this (an outbox), so a crash between the two only delays it. Event logs go in batches, one store insert
 * each, under a token recorded with the batch's firings first: a batch a crash interrupted is written again under
 * the same token and the store keeps it once. Each target's delivery is de-duplicated by its recorded outcome.
 */
export function createFiringDispatcher(deps: FiringDispatcherDeps) {
  const { db, logger, clock } = deps;
  const claimant = randomUUID();

  async function writeEventLogs(firings: readonly FiringRecord[]): Promise<void> {
    const batches = new Map<string, FiringRecord[]>();
    const fresh: FiringRecord[] = [];
    for (const firing of firings) {
      if (firing.notificationState !== 'pending') continue;
      if (firing.eventLogBatch === null) fresh.push(firing);
      else batches.set(firing.eventLogBatch, [...(batches.get(firing.eventLogBatch) ?? []), firing]);
    }
    if (fresh.length > 0) {
      const token = `detection-events:${randomUUID()}`;
      await firingRepository.assignEventLogBatch(
        db,
        fresh.map((firing) => firing.id),
        token,
      );
      batches.set(token, fresh);
    }
    for (const [token, batch] of batches) {
      const logs = batch.flatMap((firing) => {
        const kind = deps.kindOf(firing.kind);
        if (kind === undefined) return [];
        const content = kind.eventLog(firing);
        return [
          {
            accountId: firing.accountId,
            timestampMs: firing.eventDateMs,
            type: kind.eventLogType,
            message: content.message,
            fields: content.fields,
            idKey: firing.firingKey,
          },
        ];
      });
      await deps.writeEventLogs(logs, token);
      await firingRepository.markEventLogged(db, token);
    }
  }

  async function dispatch(firing: FiringRecord, kind: RuleKind, signal: AbortSignal): Promise<void> {
    const { payload } = firing;
    const suppressed =
      payload.suppressNotificationsMinutes > 0 &&
      (await firingRepository.notifiedSince(
        db,
        firing.kind,
        firing.ruleId,
        firing.groupKey,
        firing.eventDateMs - payload.suppressNotificationsMinutes * 60_000,
      ));
    if (suppressed) {
      await firingRepository.setState(db, firing.id, 'suppressed');
      return;
    }
    let reports: readonly DeliveryReport[] = [];
    if (payload.emails.length > 0 || payload.endpointIds.length > 0) {
      const samples = kind.samples === undefined ? [] : await kind.samples(firing, deps.askSamples, signal);
      reports = await deps.notify({
        accountId: firing.accountId,
        sourceKey: firing.firingKey,
        message: {
          eventId: payload.eventId,
          source: { kind: firing.kind, id: firing.ruleId, title: firing.title },
          description: payload.description,
          severity: firing.severity,
          tags: firing.tags,
          groupBy: firing.groupValues,
          value: firing.value,
          threshold: payload.threshold,
          windowStartMs: firing.windowStartMs,
          windowEndMs: firing.windowEndMs,
          eventDateMs: firing.eventDateMs,
          samples,
          isTest: false,
        },
        emails: payload.emails,
        emailAllAtOnce: payload.sendToAll === true,
        endpointIds: payload.endpointIds,
        signal,
      });
    }
    const failed = reports.filter((report) => !report.outcome.delivered);
    if (failed.length > 0) {
      if (signal.aborted) return; // Cut short by shutdown, not refused: left pending, retried next cycle.
      await writeDeliveryFailure(firing, kind, failed);
      await firingRepository.setState(db, firing.id, 'failed');
      return;
    }
    await firingRepository.setState(db, firing.id, 'notified');
  }

  /**
   * The event log of a firing whose notification was refused or failed: same type as the firing's, its event id, the
   * failed targets and why (never URLs or secrets). It has no `service-alert`, so counts of firings stay one each.
   */
  async function writeDeliveryFailure(firing: FiringRecord, kind: RuleKind, failed: readonly DeliveryReport[]): Promise<void> {
    const reasons = failed.map(
      ({ channel, target, outcome }) =>
        `${channel} ${target}: ${outcome.error ?? (outcome.httpStatus === null ? 'not delivered' : `HTTP ${outcome.httpStatus}`)}`,
    );
    await deps.writeEventLogs(
      [
        {
          accountId: firing.accountId,
          timestampMs: firing.eventDateMs,
          type: kind.eventLogType,
          message: `Notification of "${firing.title}" failed: ${reasons.join('; ')}`,
          fields: {
            notificationState: 'failed',
            notificationEventId: firing.payload.eventId,
            notificationRuleId: firing.ruleId,
            notificationFailures: reasons,
          },
          idKey: `${firing.firingKey}:delivery`,
        },
      ],
      `detection-delivery:${firing.id}`,
    );
  }

  return {
    /**
     * Dispatches pending firings oldest first, one at a time so that suppression sees each earlier one. No new
     * firing is started after `budgetMs` (slow receivers must not delay the next cycle's judging); the rest stay
     * pending for the next cycle. Firings of a kind not registered in this process wait for one that has it.
     */
    async dispatchPending(signal: AbortSignal, budgetMs = Number.POSITIVE_INFINITY, limit = 500): Promise<number> {
      const pending = (await firingRepository.listPending(db, limit)).filter((firing) => deps.kindOf(firing.kind) !== undefined);
      const deadline = performance.now() + budgetMs;
      try {
        await writeEventLogs(pending);
      } catch (error) {
        // Left pending with their batch token: the next cycle writes the same batch again.
        logger.error({ err: error }, 'detection event logs could not be written');
        return 0;
      }
      let done = 0;
      for (const firing of pending) {
        if (signal.aborted || performance.now() > deadline) break;
        const kind = deps.kindOf(firing.kind);
        if (kind === undefined) continue;
        try {
          // Another process (or a cycle of this one that outlived its lease) is sending it.
          const now = clock.now();
          if (!(await firingRepository.claim(db, firing.id, claimant, now, now + CLAIM_MS))) continue;
          await dispatch(firing, kind, signal);
          done += 1;
        } catch (error) {
          // Left pending: the next cycle retries it.
          logger.error({ err: error, kind: firing.kind, ruleId: firing.ruleId }, 'firing dispatch failed');
        }
      }
      return done;
    },
  };
}

export type FiringDispatcher = ReturnType<typeof createFiringDispatcher>;
