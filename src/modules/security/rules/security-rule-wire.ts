import { Type, type Static } from '@sinclair/typebox';
import { Count, RowId, WINDOW_MINUTES_MAX } from '../../../shared/wire-bounds.js';
import { BooleanOrString } from '../../../shared/boolean-or-string.js';
import { SAFE_NAME_PATTERN } from '../../../shared/safe-name.js';
import { SEVERITIES } from '../../../shared/severity.js';
import { AlertWireParts } from '../../../detection/index.js';

const { Filters, QueryDefinition, Tiers, Output } = AlertWireParts;

const enumOf = <T extends readonly string[]>(values: T, description: string) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], description });

/** An alert's query definition; the aggregation may be left out (a count of the matching logs). */
const RuleQueryDefinition = Type.Object({
  ...QueryDefinition.properties,
  filters: Type.Optional(Filters),
  aggregation: Type.Optional(QueryDefinition.properties.aggregation),
  accountIdsToQueryOn: Type.Optional(
    Type.Array(RowId({ minimum: 1 }), { description: 'Accounts to query, among those the security account scans; empty: all of them' }),
  ),
});

const Columns = Type.Array(
  Type.Object({
    fieldName: Type.String({ pattern: SAFE_NAME_PATTERN, description: 'Field shown in samples' }),
    regex: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'Regex applied to the field' })),
    sort: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'DESC or ASC' })),
  }),
);

const SubRule = Type.Object({
  queryDefinition: RuleQueryDefinition,
  trigger: Type.Object({
    operator: AlertWireParts.SubComponent.properties.trigger.properties.operator,
    severityThresholdTiers: Tiers,
  }),
  output: Type.Optional(
    Type.Object({
      columns: Type.Optional(Columns),
      shouldUseAllFields: Type.Optional(Type.Boolean({ description: 'Samples carry every field (fixture name)' })),
    }),
  ),
});

/** As an alert's, but null is accepted: the fixture's read-back `{"cronExpression":null}` is sent again by real clients. */
const RequestSchedule = Type.Object(
  {
    cronExpression: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'Quartz or Unix cron; null or absent: none' })),
    cron: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'Same as cronExpression' })),
    timezone: Type.Optional(Type.String({ description: 'IANA time zone of the cron, default UTC' })),
  },
  { description: 'Cron schedule; {} means none' },
);

const Correlations = Type.Object({
  correlationOperators: Type.Optional(Type.Array(Type.String(), { description: 'AND' })),
  joins: Type.Optional(Type.Array(Type.Record(Type.String(), Type.String()), { description: 'Sub-component index → field joined on' })),
});

function ruleFields() {
  return {
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 500, pattern: SAFE_NAME_PATTERN, description: 'Name of the rule' })),
    description: Type.Optional(Type.String({ description: 'Event, significance and next steps' })),
    tags: Type.Optional(Type.Array(Type.String({ pattern: SAFE_NAME_PATTERN }), { maxItems: 25, description: '0–25 tags' })),
    output: Type.Optional(Output),
    searchTimeFrameMinutes: Type.Optional(
      Count(WINDOW_MINUTES_MAX, { minimum: 1, description: 'Window in minutes (1–10080; 5–1440 recommended; default 5)' }),
    ),
    subComponents: Type.Array(SubRule, { minItems: 1, description: 'The queries and triggers' }),
    correlations: Type.Optional(Correlations),
    schedule: Type.Optional(RequestSchedule),
    enabled: Type.Optional(BooleanOrString({ description: 'Default true; "true"/"false" strings accepted' })),
    sendToAll: Type.Optional(Type.Boolean({ description: 'One e-mail to all recipients' })),
    mitreTags: Type.Optional(Type.Array(Type.String({ pattern: '^(T|TA)\\d{4}(\\.\\d{3})?$' }), { description: 'ATT&CK ids covered' })),
  };
}

export const SecurityRuleRequest = Type.Object(ruleFields(), { description: 'A security rule definition' });
export type SecurityRuleRequest = Static<typeof SecurityRuleRequest>;

const Schedule = Type.Object({
  cronExpression: Type.Union([Type.String(), Type.Null()]),
  cron: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  timezone: Type.String(),
});

export const SecurityRuleResponse = Type.Object(
  {
    id: Type.Integer({ description: 'Rule id' }),
    createdAt: Type.String({ description: 'ISO 8601 UTC time of creation' }),
    createdBy: Type.String(),
    updatedAt: Type.String(),
    updatedBy: Type.String(),
    ...ruleFields(),
    title: Type.String(),
    enabled: Type.Boolean(),
    searchTimeFrameMinutes: Type.Integer(),
    schedule: Schedule,
    sortedCorrelations: Type.Optional(Correlations),
    protected: Type.Boolean({ description: 'A built-in rule: only some edits are allowed' }),
    isProtected: Type.Boolean({ description: 'Same as protected (the name real clients read)' }),
    mitreTags: Type.Array(Type.String()),
    sigma: Type.Optional(
      Type.Object(
        {
          id: Type.Union([Type.String(), Type.Null()]),
          author: Type.Union([Type.String(), Type.Null()]),
          references: Type.Array(Type.String()),
          date: Type.Union([Type.String(), Type.Null()]),
          level: Type.Union([Type.String(), Type.Null()]),
          logsource: Type.Record(Type.String(), Type.String(), { description: 'Sigma logsource (product, service, category)' }),
          license: Type.String(),
        },
        { description: 'The Sigma rule it was converted from (Detection Rule License 1.1 attribution)' },
      ),
    ),
  },
  { description: 'A security rule' },
);
export type SecurityRuleResponse = Static<typeof SecurityRuleResponse>;

export const RuleIdParams = Type.Object({ ruleId: RowId({ description: 'Rule id' }) });
export const RuleIdShortParams = Type.Object({ id: RowId({ description: 'Rule id' }) });

/** Both spellings the references use (2023 spec and the old Terraform client; current spec). */
export const SORT_FIELDS = ['SEVERITY', 'NAME', 'CREATED_AT', 'UPDATED_AT', 'name', 'createdAt', 'updatedAt'] as const;

export const Pagination = Type.Object(
  {
    pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'From 1; default 1' })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'Default 25' })),
  },
  { description: 'A page of results' },
);
export const PaginationResponse = Type.Object({ pageNumber: Type.Integer(), pageSize: Type.Integer() });

const Severity = enumOf(SEVERITIES, 'Severity');

export const RuleFilter = Type.Object({
  search: Type.Optional(Type.String({ description: 'Part of the title or description (case-insensitive)' })),
  severities: Type.Optional(Type.Array(Severity)),
  updatedBy: Type.Optional(Type.Array(Type.String())),
  createdBy: Type.Optional(Type.Array(Type.String())),
  enabledState: Type.Optional(Type.Array(Type.Boolean(), { description: 'Empty: both' })),
  emailNotifications: Type.Optional(Type.Array(Type.String())),
  tags: Type.Optional(Type.Array(Type.String({ pattern: SAFE_NAME_PATTERN }))),
});
export type RuleFilter = Static<typeof RuleFilter>;

export const RuleSearchRequest = Type.Object({
  filter: Type.Optional(RuleFilter),
  sort: Type.Optional(
    Type.Object({
      sortByField: Type.Optional(enumOf(SORT_FIELDS, 'Sort key; both spellings accepted')),
      descending: Type.Optional(Type.Boolean({ description: 'Default true' })),
    }),
  ),
  pagination: Type.Optional(Pagination),
});
export type RuleSearchRequest = Static<typeof RuleSearchRequest>;

export const RuleSearchResponse = Type.Object({
  total: Type.Integer({ description: 'All matching rules, whatever the page' }),
  results: Type.Array(SecurityRuleResponse),
  pagination: PaginationResponse,
});

const BulkFilters = Type.Object({
  ...RuleFilter.properties,
  notificationsEndpointIds: Type.Optional(Type.Array(RowId({}))),
  ruleIds: Type.Optional(Type.Array(RowId({}))),
});
export type BulkFilters = Static<typeof BulkFilters>;

const Recipients = Type.Object({
  emails: Type.Optional(Type.Array(Type.String({ format: 'email' }))),
  notificationEndpointIds: Type.Optional(Type.Array(RowId({}))),
});

export const BulkUpdateRequest = Type.Object({
  filters: Type.Optional(BulkFilters),
  fields: Type.Object({
    enabled: Type.Optional(Type.Boolean()),
    recipients: Type.Optional(
      Type.Object({
        recipientsOperation: enumOf(['ADD', 'REMOVE', 'REPLACE'] as const, 'How the recipients change'),
        recipients: Recipients,
      }),
    ),
  }),
  all: Type.Optional(Type.Boolean({ description: 'Every rule of the account; otherwise filters must name some' })),
});
export type BulkUpdateRequest = Static<typeof BulkUpdateRequest>;

export const BulkDeleteRequest = Type.Object({
  filters: Type.Optional(BulkFilters),
  all: Type.Optional(Type.Boolean()),
});
export type BulkDeleteRequest = Static<typeof BulkDeleteRequest>;

export const BulkResponse = Type.Object({
  total: Type.Integer({ description: 'Rules changed' }),
  ruleIds: Type.Array(RowId({})),
  skippedProtectedRuleIds: Type.Array(Type.Integer({ description: 'Built-in rules left as they were' })),
});
