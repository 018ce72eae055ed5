import { assertNever } from '../../shared/app-error.js';
import type { EndpointSettings } from './endpoint-types.js';

/** What a masked secret reads as: the same for every value, so nothing of it (not even its length) shows. */
export const MASKED = '********';

/**
 * A URL with what may carry a credential hidden: user info, path, query and fragment (a Slack or Teams webhook
 * holds its token in the path). Scheme, host and port stay, so the reader still sees where it goes.
 */
export function maskedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return MASKED;
  }
  const hidden = parsed.username !== '' || parsed.password !== '' || parsed.pathname !== '/' || parsed.search !== '' || parsed.hash !== '';
  return hidden ? `${parsed.protocol}//${parsed.host}/${MASKED}` : `${parsed.protocol}//${parsed.host}/`;
}

/** `key=value,…` with every value hidden and the keys kept (which headers are sent is no secret, their values may be). */
export function maskedHeaders(headers: string): string {
  return headers
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => `${part.slice(0, part.indexOf('='))}=${MASKED}`)
    .join(',');
}

/**
 * The settings a caller who may not change the endpoint sees (decision 0610): every key, token, password,
 * header value and URL part that can hold a credential masked; the type's other fields as they are.
 */
export function maskedSettings(settings: EndpointSettings): EndpointSettings {
  const hide = (value: string) => (value === '' ? '' : MASKED);
  switch (settings.slug) {
    case 'slack':
    case 'microsoft-teams':
      return { ...settings, url: maskedUrl(settings.url) };
    case 'custom':
      return { ...settings, url: maskedUrl(settings.url), headers: maskedHeaders(settings.headers) };
    case 'pager-duty':
      return { ...settings, serviceKey: hide(settings.serviceKey) };
    case 'big-panda':
      return { ...settings, apiToken: hide(settings.apiToken), appKey: hide(settings.appKey) };
    case 'data-dog':
    case 'ops-genie':
      return { ...settings, apiKey: hide(settings.apiKey) };
    case 'victorops':
      return { ...settings, routingKey: hide(settings.routingKey), serviceApiKey: hide(settings.serviceApiKey) };
    case 'service-now':
      return { ...settings, url: maskedUrl(settings.url), password: hide(settings.password) };
    default:
      return assertNever(settings);
  }
}
