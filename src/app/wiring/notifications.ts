import {
  DEFAULT_INTEGRATION_URLS,
  DEFAULT_RETRY_POLICY,
  createEmailSender,
  createNotificationService,
  createSecretBox,
  endpointRoutes,
  type EmailSender,
  type IntegrationUrls,
  type NotificationService,
  type RetryPolicy,
} from '../../modules/notifications/index.js';
import { createAddressPolicy, createOutboundClient } from '../../outbound/index.js';
import type { AreaWiring, WiringContext } from './area.js';

export interface NotificationWiringOptions {
  /** Where PagerDuty, Opsgenie … are reached (tests point them at local receivers). */
  readonly integrationUrls?: IntegrationUrls;
  /** Retries of notification deliveries (tests shorten the back-off). */
  readonly deliveryRetryPolicy?: RetryPolicy;
}

export interface NotificationWiringDeps {
  /** The checked cluster key (src/app/secret-key.ts). */
  readonly secretKey: Buffer;
}

export interface NotificationServices {
  readonly notifications: NotificationService;
  /** Closed when the app stops. */
  readonly email: EmailSender;
}

/** Notification endpoints and their deliveries (webhooks, integrations, e-mail). */
export function wireNotifications(
  ctx: WiringContext,
  deps: NotificationWiringDeps,
  options: NotificationWiringOptions,
): AreaWiring<NotificationServices> {
  const { config, clock, logger, db } = ctx;
  const email = createEmailSender(config.smtpUrl, config.smtpFrom, config.smtpTimeoutMs);
  const notifications = createNotificationService({
    db,
    clock,
    logger,
    secretBox: createSecretBox(deps.secretKey),
    email,
    retryPolicy: options.deliveryRetryPolicy ?? DEFAULT_RETRY_POLICY,
    integrationUrls: options.integrationUrls ?? DEFAULT_INTEGRATION_URLS,
    outbound: createOutboundClient({ policy: createAddressPolicy(config.outboundAllowCidrs) }),
  });
  return { services: { notifications, email }, routes: [endpointRoutes(notifications)], jobs: [] };
}
