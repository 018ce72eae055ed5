import { randomUUID } from 'node:crypto';
import { alreadyExists } from '../../shared/app-error.js';
import type { Clock } from '../../shared/clock.js';
import { newInt32Id } from '../../shared/ids.js';
import type { Logger } from '../../shared/logger.js';
import type { OutboundClient } from '../../outbound/index.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import { deliveryRepository, type DeliveryChannel, type DeliveryRecord } from './delivery-repository.js';
import type { EmailSender } from './email-delivery.js';
import { notificationErrors } from './notification-errors.js';
import { createEndpointRepository } from './endpoint-repository.js';
import { requestFor, slackWebhookRequest, type IntegrationUrls } from './endpoint-requests.js';
import { settingsFromRequest, type EndpointRequest } from './endpoint-settings.js';
import type { EndpointSettings, EndpointSlug, NotificationEndpoint } from './endpoint-types.js';
import { deliverHttp, type DeliveryOutcome, type RetryPolicy } from './http-delivery.js';
import { testMessage, type NotificationMessage } from './notification-message.js';
import type { SecretBox } from './secret-box.js';

export interface NotificationServiceDeps {
  readonly db: ControlPlaneDb;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly secretBox: SecretBox;
  readonly email: EmailSender;
  readonly retryPolicy: RetryPolicy;
  readonly integrationUrls: IntegrationUrls;
  /** Every request to a URL is sent through it: refused addresses, pinned DNS, timeouts, size caps. */
  readonly outbound: OutboundClient;
}

export interface NotifyInput {
  readonly accountId: number;
  /** Identifies what is notified (a firing key): a target already served for it is not served again. */
  readonly sourceKey: string;
  readonly message: NotificationMessage;
  readonly emails: readonly string[];
  /** One e-mail addressed to every recipient instead of one per recipient (the alert's `sendToAll`). */
  readonly emailAllAtOnce?: boolean;
  readonly endpointIds: readonly number[];
  /** Slack incoming-webhook URLs given with the message (each recorded by its position: the URL is a secret). */
  readonly slackWebhookUrls?: readonly string[];
  readonly signal?: AbortSignal;
}

export interface NotifyResult {
  readonly channel: DeliveryChannel;
  readonly target: string;
  readonly outcome: DeliveryOutcome;
}

export type NotificationService = ReturnType<typeof createNotificationService>;

export function createNotificationService(deps: NotificationServiceDeps) {
  const { db, clock, logger, email } = deps;
  const endpoints = createEndpointRepository(deps.secretBox);

  const send = (settings: EndpointSettings, message: NotificationMessage, signal?: AbortSignal): Promise<DeliveryOutcome> =>
    deliverHttp(deps.outbound, requestFor(settings, message, deps.integrationUrls), deps.retryPolicy, signal);

  /** The URL a user gave, checked at save: the check at send alone would let a refused URL be stored. */
  async function assertAllowedUrl(settings: EndpointSettings): Promise<void> {
    if ('url' in settings) await deps.outbound.assertAllowedUrl(settings.url, 'body.url');
  }

  async function sendTest(accountId: number, title: string, settings: EndpointSettings): Promise<{ id: number }> {
    const sourceKey = `test:${randomUUID()}`;
    const outcome = await send(settings, testMessage(title, clock.now(), randomUUID()));
    await deliveryRepository.record(db, { accountId, sourceKey, channel: 'endpoint', target: 'test', outcome, at: clock.now() });
    if (!outcome.delivered) {
      throw notificationErrors.testMessageFailed();
    }
    return { id: -1 };
  }

  /** Logz.io keeps endpoint titles unique in an account: alerts and people pick endpoints by title. */
  async function assertTitleFree(accountId: number, title: string, exceptId?: number): Promise<void> {
    const taken = (await endpoints.list(db, accountId)).some((endpoint) => endpoint.title === title && endpoint.id !== exceptId);
    if (taken) {
      throw alreadyExists(`body.title: an endpoint titled ${JSON.stringify(title)} already exists`, {
        wireCode: 'endpoints/ENDPOINT_TITLE_ALREADY_EXISTS',
        parameters: { field: 'body.title', rule: 'unique', title },
      });
    }
  }

  async function requireEndpoint(accountId: number, id: number): Promise<NotificationEndpoint> {
    const found = await endpoints.get(db, accountId, id);
    if (found === undefined) throw notificationErrors.unknownEndpoint();
    return found;
  }

  return {
    list: (accountId: number): Promise<NotificationEndpoint[]> => endpoints.list(db, accountId),

    get: requireEndpoint,

    /** Ids among `ids` that are not endpoints of the account (alerts refuse to reference them). */
    async unknownEndpointIds(accountId: number, ids: readonly number[]): Promise<number[]> {
      const found = new Set((await endpoints.listByIds(db, accountId, ids)).map((endpoint) => endpoint.id));
      return ids.filter((id) => !found.has(id));
    },

    async create(accountId: number, slug: EndpointSlug, body: EndpointRequest, test: boolean): Promise<{ id: number }> {
      const settings = settingsFromRequest(slug, body);
      await assertAllowedUrl(settings);
      const title = String(body.title);
      if (test) return sendTest(accountId, title, settings);
      await assertTitleFree(accountId, title);
      const now = clock.now();
      const endpoint: NotificationEndpoint = {
        id: newInt32Id(),
        accountId,
        title,
        description: typeof body.description === 'string' ? body.description : '',
        settings,
        createdAt: now,
        updatedAt: now,
      };
      await endpoints.insert(db, endpoint);
      return { id: endpoint.id };
    },

    async update(accountId: number, id: number, slug: EndpointSlug, body: EndpointRequest, test: boolean): Promise<{ id: number }> {
      const existing = await requireEndpoint(accountId, id);
      const settings = settingsFromRequest(slug, body);
      await assertAllowedUrl(settings);
      const title = String(body.title);
      if (test) return sendTest(accountId, title, settings);
      await assertTitleFree(accountId, title, id);
      const description = typeof body.description === 'string' ? body.description : '';
      await endpoints.update(db, { ...existing, title, description, settings, updatedAt: clock.now() });
      return { id };
    },

    async delete(accountId: number, id: number): Promise<void> {
      if (!(await endpoints.delete(db, accountId, id))) throw notificationErrors.unknownEndpoint();
    },

    /**
     * Sends a message to every e-mail recipient and endpoint and records each outcome. Targets that
     * already got this source's message (a retry after a crash) are skipped, so nobody gets it twice.
     */
    async notify(input: NotifyInput): Promise<NotifyResult[]> {
      const done = await deliveryRepository.deliveredTargets(db, input.sourceKey);
      const targets = await endpoints.listByIds(db, input.accountId, input.endpointIds);
      const jobs: Promise<NotifyResult>[] = [];
      const addresses = [...new Set(input.emails)];
      const groups = input.emailAllAtOnce === true && addresses.length > 0 ? [addresses] : addresses.map((address) => [address]);
      for (const group of groups) {
        const target = group.join(',');
        if (done.has(`email:${target}`)) continue;
        jobs.push(email.send(group, input.message).then((outcome) => ({ channel: 'email', target, outcome })));
      }
      for (const endpoint of targets) {
        if (done.has(`endpoint:${endpoint.id}`)) continue;
        jobs.push(
          send(endpoint.settings, input.message, input.signal).then((outcome) => ({
            channel: 'endpoint',
            target: String(endpoint.id),
            outcome,
          })),
        );
      }
      // An endpoint deleted after the alert named it is a delivery that failed, not one that is silently skipped.
      const found = new Set(targets.map((endpoint) => endpoint.id));
      for (const id of new Set(input.endpointIds)) {
        if (found.has(id) || done.has(`endpoint:${id}`)) continue;
        const outcome: DeliveryOutcome = { delivered: false, attempts: 0, httpStatus: null, error: 'the endpoint no longer exists' };
        jobs.push(Promise.resolve({ channel: 'endpoint', target: String(id), outcome }));
      }
      (input.slackWebhookUrls ?? []).forEach((url, index) => {
        const target = `#${index + 1}`;
        if (done.has(`slack-webhook:${target}`)) return;
        jobs.push(
          deliverHttp(deps.outbound, slackWebhookRequest(url, input.message), deps.retryPolicy, input.signal).then((outcome) => ({
            channel: 'slack-webhook',
            target,
            outcome,
          })),
        );
      });
      const results = await Promise.all(jobs);
      for (const result of results) {
        const record: DeliveryRecord = { accountId: input.accountId, sourceKey: input.sourceKey, ...result, at: clock.now() };
        await deliveryRepository.record(db, record);
        if (!result.outcome.delivered) {
          logger.warn(
            { channel: result.channel, attempts: result.outcome.attempts, reason: result.outcome.error },
            'notification delivery failed',
          );
        }
      }
      return results;
    },

    deliveries: (sourceKey: string): Promise<DeliveryRecord[]> => deliveryRepository.listBySource(db, sourceKey),

    /** Refuses a URL the outbound policy would refuse at send (a user-given webhook), naming the request field. */
    assertAllowedUrl: (url: string, field: string): Promise<void> => deps.outbound.assertAllowedUrl(url, field),
  };
}
