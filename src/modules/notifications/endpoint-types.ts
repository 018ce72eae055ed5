/**
 * The notification endpoint types of Logz.io (reference §2.15): the URL slug of create/update, the
 * `endpointType` name GET returns, and the type's own fields.
 */
export const ENDPOINT_TYPES = {
  slack: { endpointType: 'Slack', fields: ['url'] },
  custom: { endpointType: 'Custom', fields: ['url', 'method', 'headers', 'bodyTemplate'] },
  'pager-duty': { endpointType: 'PagerDuty', fields: ['serviceKey'] },
  'big-panda': { endpointType: 'BigPanda', fields: ['apiToken', 'appKey'] },
  'data-dog': { endpointType: 'Datadog', fields: ['apiKey'] },
  victorops: { endpointType: 'VictorOps', fields: ['routingKey', 'messageType', 'serviceApiKey'] },
  'ops-genie': { endpointType: 'Opsgenie', fields: ['apiKey'] },
  'service-now': { endpointType: 'ServiceNow', fields: ['username', 'password', 'url'] },
  'microsoft-teams': { endpointType: 'Microsoft Teams', fields: ['url'] },
} as const;

export type EndpointSlug = keyof typeof ENDPOINT_TYPES;
export type EndpointTypeName = (typeof ENDPOINT_TYPES)[EndpointSlug]['endpointType'];

export const ENDPOINT_SLUGS = Object.keys(ENDPOINT_TYPES) as EndpointSlug[];

export function slugOfEndpointType(endpointType: string): EndpointSlug | undefined {
  return ENDPOINT_SLUGS.find((slug) => ENDPOINT_TYPES[slug].endpointType === endpointType);
}

/** JSON the custom type's `bodyTemplate` may hold. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** The type-specific settings, all kept sealed at rest. */
export type EndpointSettings =
  | { readonly slug: 'slack' | 'microsoft-teams'; readonly url: string }
  | {
      readonly slug: 'custom';
      readonly url: string;
      readonly method: 'POST' | 'PUT' | 'GET';
      readonly headers: string;
      readonly bodyTemplate: JsonValue;
    }
  | { readonly slug: 'pager-duty'; readonly serviceKey: string }
  | { readonly slug: 'big-panda'; readonly apiToken: string; readonly appKey: string }
  | { readonly slug: 'data-dog' | 'ops-genie'; readonly apiKey: string }
  | { readonly slug: 'victorops'; readonly routingKey: string; readonly messageType: string; readonly serviceApiKey: string }
  | { readonly slug: 'service-now'; readonly username: string; readonly password: string; readonly url: string };

export interface NotificationEndpoint {
  readonly id: number;
  readonly accountId: number;
  readonly title: string;
  readonly description: string;
  readonly settings: EndpointSettings;
  readonly createdAt: number;
  readonly updatedAt: number;
}
