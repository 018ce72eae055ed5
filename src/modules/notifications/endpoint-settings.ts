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

/** Deepest `bodyTemplate` taken: rendering and storing walk it recursively, and no real payload nests this deep. */
export const MAX_TEMPLATE_DEPTH = 32;

/** Whether JSON nests deeper than `limit`, walked without recursion (the check must not overflow on what it guards). */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [current, depth] = item;
    if (current === null || typeof current !== 'object') continue;
    if (depth > limit) return true;
    for (const nested of Object.values(current)) stack.push([nested, depth + 1]);
  }
  return false;
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
      if (nestsDeeperThan(template, MAX_TEMPLATE_DEPTH)) throw notificationErrors.templateTooDeep(MAX_TEMPLATE_DEPTH);
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
