import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import { RowId } from '../../shared/wire-bounds.js';
import { SAFE_NAME_PATTERN } from '../../shared/safe-name.js';
import { ENDPOINT_TYPES, type EndpointSlug } from './endpoint-types.js';

const Title = Type.String({ minLength: 1, maxLength: 200, pattern: SAFE_NAME_PATTERN, description: 'Name of the endpoint' });
const Description = Type.String({ maxLength: 2000, description: 'What the endpoint is for' });
// The Terraform client sends `method` for every type (a struct-tag typo); it is ignored except for custom.
const IgnoredMethod = Type.String({ description: 'Ignored for this type (the Terraform client always sends it)' });
const Url = Type.String({ minLength: 1, maxLength: 2000, description: 'http(s) URL the notification is sent to' });
const Secret = (description: string) => Type.String({ minLength: 1, maxLength: 500, description });

const TYPE_FIELDS: Readonly<Record<EndpointSlug, TProperties>> = {
  slack: { url: Type.String({ ...Url, description: 'Slack incoming-webhook URL' }) },
  'microsoft-teams': { url: Type.String({ ...Url, description: 'Microsoft Teams incoming-webhook URL' }) },
  custom: {
    url: Url,
    method: Type.Optional(
      Type.Union([Type.Literal('POST'), Type.Literal('PUT'), Type.Literal('GET')], { description: 'HTTP method (default POST)' }),
    ),
    headers: Type.Optional(
      Type.String({ maxLength: 4000, description: 'Headers as comma-separated key=value pairs, e.g. authKey=abc,X-Env=prod' }),
    ),
    bodyTemplate: Type.Optional(
      Type.Unknown({
        description: 'JSON body sent, with placeholders such as {{alert_title}}, {{alert_severity}}, {{alert_event_samples}}',
      }),
    ),
  },
  'pager-duty': { serviceKey: Secret('PagerDuty Events v2 integration (routing) key') },
  'big-panda': { apiToken: Secret('BigPanda API token'), appKey: Secret('BigPanda application key') },
  'data-dog': { apiKey: Secret('Datadog API key') },
  victorops: {
    routingKey: Secret('VictorOps routing key'),
    messageType: Secret('VictorOps message type, e.g. CRITICAL'),
    serviceApiKey: Secret('VictorOps REST integration key'),
  },
  'ops-genie': { apiKey: Secret('Opsgenie API key') },
  'service-now': {
    username: Secret('ServiceNow user'),
    password: Secret('ServiceNow password'),
    url: Type.String({ ...Url, description: 'ServiceNow table API URL' }),
  },
};

/** Body of `POST /v1/endpoints/{slug}` and `PUT /v1/endpoints/{slug}/{id}` for one type. */
export function endpointRequestSchema(slug: EndpointSlug): TObject {
  const fields = TYPE_FIELDS[slug];
  return Type.Object(
    {
      title: Title,
      description: Type.Optional(Description),
      ...(slug === 'custom' ? {} : { method: Type.Optional(IgnoredMethod) }),
      ...fields,
    },
    { description: `A ${ENDPOINT_TYPES[slug].endpointType} notification endpoint` },
  );
}

export const EndpointTestQuery = Type.Object({
  test: Type.Optional(Type.Boolean({ description: 'Send a test message only; nothing is created or changed and the answer is {"id":-1}' })),
});

export const EndpointIdParams = Type.Object({ id: RowId({ description: 'Endpoint id' }) });

export const EndpointIdResponse = Type.Object(
  { id: Type.Integer({ description: 'Id of the endpoint; -1 after a test' }) },
  { description: 'Endpoint id' },
);

const optionalString = (description: string) => Type.Optional(Type.String({ description }));

export const EndpointResponse = Type.Object(
  {
    endpointType: Type.String({
      description: 'Slack, Custom, PagerDuty, BigPanda, Datadog, VictorOps, Opsgenie, ServiceNow or Microsoft Teams',
    }),
    id: Type.Integer({ description: 'Endpoint id' }),
    title: Type.String({ description: 'Name of the endpoint' }),
    description: Type.String({ description: 'What the endpoint is for' }),
    url: optionalString('Target URL (Slack, Custom, ServiceNow, Microsoft Teams)'),
    method: optionalString('HTTP method (Custom)'),
    headers: optionalString('Headers as key=value pairs (Custom)'),
    bodyTemplate: Type.Optional(Type.Unknown({ description: 'Body template (Custom)' })),
    serviceKey: optionalString('PagerDuty key'),
    apiToken: optionalString('BigPanda API token'),
    appKey: optionalString('BigPanda application key'),
    apiKey: optionalString('Datadog or Opsgenie API key'),
    routingKey: optionalString('VictorOps routing key'),
    messageType: optionalString('VictorOps message type'),
    serviceApiKey: optionalString('VictorOps REST key'),
    username: optionalString('ServiceNow user'),
    password: optionalString('ServiceNow password'),
  },
  { description: 'A notification endpoint' },
);
export type EndpointResponse = Static<typeof EndpointResponse>;
