import { assertNever } from '../../shared/app-error.js';
import { parseHeaderString, renderBodyTemplate } from './body-template.js';
import type { EndpointSettings } from './endpoint-types.js';
import type { Severity } from '../../shared/severity.js';
import { summaryOf, type NotificationMessage } from './notification-message.js';

/** Where the SaaS integrations live; tests and air-gapped installs point them elsewhere. */
export interface IntegrationUrls {
  readonly pagerDuty: string;
  readonly bigPanda: string;
  readonly datadog: string;
  readonly victorOps: string;
  readonly opsgenie: string;
}

export const DEFAULT_INTEGRATION_URLS: IntegrationUrls = {
  pagerDuty: 'https://events.pagerduty.com/v2/enqueue',
  bigPanda: 'https://api.bigpanda.io/data/v2/alerts',
  datadog: 'https://api.datadoghq.com/api/v1/events',
  victorOps: 'https://alert.victorops.com/integrations/generic/20131114/alert',
  opsgenie: 'https://api.opsgenie.com/v2/alerts',
};

export interface OutgoingRequest {
  readonly url: string;
  readonly method: 'POST' | 'PUT' | 'GET';
  readonly headers: Readonly<Record<string, string>>;
  /** JSON body; absent for GET. */
  readonly body: unknown;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

const PAGERDUTY_SEVERITY: Readonly<Record<Severity, string>> = {
  SEVERE: 'critical',
  HIGH: 'error',
  MEDIUM: 'warning',
  LOW: 'info',
  INFO: 'info',
};
const OPSGENIE_PRIORITY: Readonly<Record<Severity, string>> = { SEVERE: 'P1', HIGH: 'P2', MEDIUM: 'P3', LOW: 'P4', INFO: 'P5' };
const DATADOG_TYPE: Readonly<Record<Severity, string>> = { SEVERE: 'error', HIGH: 'error', MEDIUM: 'warning', LOW: 'info', INFO: 'info' };
const TEAMS_COLOR: Readonly<Record<Severity, string>> = {
  SEVERE: 'B00020',
  HIGH: 'E65100',
  MEDIUM: 'F9A825',
  LOW: '1565C0',
  INFO: '607D8B',
};

function details(message: NotificationMessage): Record<string, unknown> {
  return {
    alertId: message.source.id,
    severity: message.severity,
    value: message.value,
    threshold: message.threshold,
    groupBy: message.groupBy,
    windowStart: new Date(message.windowStartMs).toISOString(),
    windowEnd: new Date(message.windowEndMs).toISOString(),
    tags: message.tags,
    samples: message.samples,
  };
}

function sampleText(message: NotificationMessage): string {
  if (message.samples.length === 0) return '';
  return `\nSample logs:\n${message.samples.map((sample) => `• ${JSON.stringify(sample)}`).join('\n')}`;
}

/** Slack's message: the summary and text, and a message with an image shows it (Slack fetches the link). */
function slackBody(summary: string, message: NotificationMessage): Record<string, unknown> {
  const text = `*${summary}*\n${message.description}${sampleText(message)}`;
  if (message.image === undefined) return { text };
  return {
    text,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `${text}\n<${message.image.linkUrl}|Open in Logward>` } },
      { type: 'image', image_url: message.image.url, alt_text: summary.slice(0, 2000) },
    ],
  };
}

/** A Slack incoming-webhook URL given with the message (a snapshot's), not a saved endpoint. */
export function slackWebhookRequest(url: string, message: NotificationMessage): OutgoingRequest {
  return { url, method: 'POST', headers: JSON_HEADERS, body: slackBody(summaryOf(message), message) };
}

/** The HTTP request that carries `message` to one endpoint, in the format of its integration. */
export function requestFor(settings: EndpointSettings, message: NotificationMessage, urls: IntegrationUrls): OutgoingRequest {
  const summary = summaryOf(message);
  switch (settings.slug) {
    case 'slack':
      return {
        url: settings.url,
        method: 'POST',
        headers: JSON_HEADERS,
        body: slackBody(summary, message),
      };
    case 'microsoft-teams':
      return {
        url: settings.url,
        method: 'POST',
        headers: JSON_HEADERS,
        body: {
          '@type': 'MessageCard',
          '@context': 'https://schema.org/extensions',
          summary,
          themeColor: TEAMS_COLOR[message.severity],
          title: summary,
          text: `${message.description}${sampleText(message)}`,
        },
      };
    case 'custom':
      return {
        url: settings.url,
        method: settings.method,
        headers: { ...JSON_HEADERS, ...parseHeaderString(settings.headers) },
        body: settings.method === 'GET' ? undefined : renderBodyTemplate(settings.bodyTemplate, message),
      };
    case 'pager-duty':
      return {
        url: urls.pagerDuty,
        method: 'POST',
        headers: JSON_HEADERS,
        body: {
          routing_key: settings.serviceKey,
          event_action: 'trigger',
          dedup_key: message.eventId,
          payload: { summary, source: 'logward', severity: PAGERDUTY_SEVERITY[message.severity], custom_details: details(message) },
        },
      };
    case 'big-panda':
      return {
        url: urls.bigPanda,
        method: 'POST',
        headers: { ...JSON_HEADERS, authorization: `Bearer ${settings.apiToken}` },
        body: {
          app_key: settings.appKey,
          status: message.severity === 'SEVERE' || message.severity === 'HIGH' ? 'critical' : 'warning',
          host: 'logward',
          check: message.source.title,
          description: message.description,
          incident_identifier: message.eventId,
        },
      };
    case 'data-dog':
      return {
        url: urls.datadog,
        method: 'POST',
        headers: { ...JSON_HEADERS, 'dd-api-key': settings.apiKey },
        body: {
          title: summary,
          text: `${message.description}${sampleText(message)}`,
          alert_type: DATADOG_TYPE[message.severity],
          aggregation_key: message.eventId,
          tags: message.tags,
          source_type_name: 'logward',
        },
      };
    case 'victorops':
      return {
        url: `${urls.victorOps}/${encodeURIComponent(settings.serviceApiKey)}/${encodeURIComponent(settings.routingKey)}`,
        method: 'POST',
        headers: JSON_HEADERS,
        body: {
          message_type: settings.messageType,
          entity_id: message.eventId,
          entity_display_name: summary,
          state_message: message.description,
          monitoring_tool: 'logward',
        },
      };
    case 'ops-genie':
      return {
        url: urls.opsgenie,
        method: 'POST',
        headers: { ...JSON_HEADERS, authorization: `GenieKey ${settings.apiKey}` },
        body: {
          message: summary.slice(0, 130),
          alias: message.eventId,
          description: message.description,
          priority: OPSGENIE_PRIORITY[message.severity],
          tags: message.tags,
          details: { severity: message.severity, value: String(message.value) },
        },
      };
    case 'service-now':
      return {
        url: settings.url,
        method: 'POST',
        headers: { ...JSON_HEADERS, authorization: `Basic ${Buffer.from(`${settings.username}:${settings.password}`).toString('base64')}` },
        body: { short_description: summary, description: `${message.description}${sampleText(message)}`, correlation_id: message.eventId },
      };
    default:
      return assertNever(settings);
  }
}
