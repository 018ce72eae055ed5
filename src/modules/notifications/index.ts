export { createNotificationService, type NotificationService, type NotifyInput, type NotifyResult } from './notification-service.js';
export { endpointRoutes } from './endpoint-routes.js';
export { createSecretBox, type SecretBox } from './secret-box.js';
export { createEmailSender, type EmailSender } from './email-delivery.js';
export { DEFAULT_INTEGRATION_URLS, type IntegrationUrls } from './endpoint-requests.js';
export { DEFAULT_RETRY_POLICY, type DeliveryOutcome, type RetryPolicy } from './http-delivery.js';
export type { NotificationImage, NotificationMessage, NotificationSource } from './notification-message.js';
export type { DeliveryRecord } from './delivery-repository.js';
