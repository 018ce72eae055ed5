import { assertNever } from '../../shared/app-error.js';
import { notificationErrors } from './notification-errors.js';
import { isValidHeaderString } from './body-template.js';
import type { EndpointSettings, EndpointSlug, JsonValue } from './endpoint-types.js';

/** A create/update body after schema validation: the type's fields as strings, bodyTemplate as JSON. */
export type EndpointRequest = Readonly<Record<string, unknown>>;

function text(body: EndpointRequest, field: string): string {
  const value = body[field];
  return typeof value === 'string' ? value : '';
}

function httpUrl(body: EndpointRequest, field: string): string {
  const value = text(body, field).trim();
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw notificationErrors.notAnHttpUrl(field);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw notificationErrors.notAnHttpUrl(field);
  }
  return value;
}

/** The settings of one type from its request body; rules the schema cannot say are checked here. */
export function settingsFromRequest(slug: EndpointSlug, body: EndpointRequest): EndpointSettings {
  switch (slug) {
    case 'slack':
    case 'microsoft-teams':
      return { slug, url: httpUrl(body, 'url') };
    case 'custom': {
      const headers = text(body, 'headers');
      if (!isValidHeaderString(headers)) {
        throw notificationErrors.badHeaderString();
      }
      const method = text(body, 'method');
      const template = body.bodyTemplate;
      return {
        slug,
        url: httpUrl(body, 'url'),
        method: method === 'PUT' || method === 'GET' ? method : 'POST',
        headers,
        bodyTemplate: template === undefined ? {} : (template as JsonValue),
      };
    }
    case 'pager-duty':
      return { slug, serviceKey: text(body, 'serviceKey') };
    case 'big-panda':
      return { slug, apiToken: text(body, 'apiToken'), appKey: text(body, 'appKey') };
    case 'data-dog':
    case 'ops-genie':
      return { slug, apiKey: text(body, 'apiKey') };
    case 'victorops':
      return {
        slug,
        routingKey: text(body, 'routingKey'),
        messageType: text(body, 'messageType'),
        serviceApiKey: text(body, 'serviceApiKey'),
      };
    case 'service-now':
      return { slug, username: text(body, 'username'), password: text(body, 'password'), url: httpUrl(body, 'url') };
    default:
      return assertNever(slug);
  }
}

/** The type's fields as GET shows them (Logz.io echoes the secrets back, and so does the Terraform state). */
export function settingsToWire(settings: EndpointSettings): Record<string, unknown> {
  const { slug: _slug, ...fields } = settings;
  return fields;
}
