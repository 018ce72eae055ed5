import { Type, type Static } from '@sinclair/typebox';
import { Count, Measure, RowId, SUPPRESS_MINUTES_MAX, WINDOW_MINUTES_MAX } from '../../shared/wire-bounds.js';
import { BooleanOrString } from '../../shared/boolean-or-string.js';
import { SAFE_NAME_PATTERN } from '../../shared/safe-name.js';
import { TRIGGER_OPERATORS } from '../triggers/trigger-tiers.js';
import { AGGREGATION_TYPES } from './rule-definition.js';

const enumOf = <T extends readonly string[]>(values: T, description: string) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], description });

const Severities = ['INFO', 'LOW', 'MEDIUM', 'HIGH', 'SEVERE'] as const;

const FilterList = (description: string) => Type.Optional(Type.Array(Type.Record(Type.String(), Type.Unknown()), { description }));

const Filters = Type.Object(
  {
    bool: Type.Optional(
      Type.Object({
        must: FilterList('Clauses every matching log satisfies, e.g. {"match_phrase":{"field":{"query":"value"}}}'),
        must_not: FilterList('Clauses no matching log satisfies'),
        should: FilterList('Clauses of which at least one is satisfied'),
        filter: FilterList('Clauses every matching log satisfies (no scoring)'),
      }),
    ),
  },
  { description: 'Elasticsearch bool filter applied on top of the query' },
);

const Aggregation = Type.Object(
  {
    aggregationType: enumOf(AGGREGATION_TYPES, 'How matching logs are aggregated'),
    fieldToAggregateOn: Type.Optional(
      Type.Union([Type.String(), Type.Null()], { description: 'Field aggregated (not for COUNT and NONE)' }),
    ),
    valueToAggregateOn: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description: 'PERCENTAGE: the value whose share is measured; PERCENTILE: the percentile, default 95',
      }),
    ),
  },
  { description: 'Aggregation of the matching logs; absent: COUNT' },
);

const QueryDefinition = Type.Object({
  query: Type.Optional(Type.String({ description: 'Lucene query string; default *' })),
  filters: Type.Optional(Filters),
  groupBy: Type.Optional(
    Type.Array(Type.String({ minLength: 1 }), { maxItems: 3, description: 'Fields to group by; the alert fires per group (0–3)' }),
  ),
  aggregation: Type.Optional(Aggregation),
  shouldQueryOnAllAccounts: Type.Optional(Type.Boolean({ description: 'Query every account this account may search; absent means false' })),
  accountIdsToQueryOn: Type.Optional(
    Type.Array(RowId({ minimum: 1 }), { description: 'Accounts to query (the alert account or its searchable sub accounts)' }),
  ),
});

const Tiers = Type.Object(
  Object.fromEntries(Severities.map((severity) => [severity, Type.Optional(Measure({ description: `Threshold of ${severity}` }))])),
  { minProperties: 1, additionalProperties: false, description: 'Severity → threshold; the highest severity met wins' },
);

const SubComponent = Type.Object({
  queryDefinition: QueryDefinition,
  trigger: Type.Object({
    operator: enumOf(TRIGGER_OPERATORS, 'How the aggregated value is compared with each threshold'),
    severityThresholdTiers: Tiers,
  }),
  output: Type.Optional(
    Type.Object({
      shouldUseAllFields: Type.Optional(Type.Boolean({ description: 'Samples carry every field' })),
      columns: Type.Optional(
        Type.Array(
          Type.Object({
            fieldName: Type.String({ pattern: SAFE_NAME_PATTERN, description: 'Field shown in samples' }),
            regex: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'Regex applied to the field' })),
            sort: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'DESC or ASC' })),
          }),
        ),
      ),
    }),
  ),
});

const Output = Type.Object({
  recipients: Type.Optional(
    Type.Object({
      emails: Type.Optional(Type.Array(Type.String({ format: 'email' }), { description: 'E-mail recipients' })),
      notificationEndpointIds: Type.Optional(Type.Array(RowId({}), { description: 'Ids of notification endpoints (/v1/endpoints)' })),
    }),
  ),
  suppressNotificationsMinutes: Type.Optional(
    Count(SUPPRESS_MINUTES_MAX, { description: 'No repeated notification for the same group within this many minutes (0–43200)' }),
  ),
  type: Type.Optional(Type.String({ description: 'JSON or TABLE' })),
});

const RequestSchedule = Type.Object(
  {
    cronExpression: Type.Optional(
      Type.Union([Type.String(), Type.Null()], { description: 'Quartz or Unix cron; when set it replaces the fixed interval; null: none' }),
    ),
    cron: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'Same as cronExpression' })),
    timezone: Type.Optional(Type.String({ description: 'IANA time zone of the cron, default UTC' })),
  },
  { description: 'Cron schedule; {} means none' },
);

/** The fields of a definition as a client writes it (a read answers them too). */
export function alertFields() {
  return {
    title: Type.String({ minLength: 1, maxLength: 500, pattern: SAFE_NAME_PATTERN, description: 'Name of the alert' }),
    description: Type.Optional(Type.String({ description: 'Event, significance and next steps' })),
    tags: Type.Optional(Type.Array(Type.String({ pattern: SAFE_NAME_PATTERN }), { maxItems: 10, description: '0–10 tags' })),
    output: Type.Optional(Output),
    searchTimeFrameMinutes: Type.Optional(
      Count(WINDOW_MINUTES_MAX, { minimum: 1, description: 'Sliding window in minutes (1–10080; 5–1440 recommended; default 5)' }),
    ),
    subComponents: Type.Array(SubComponent, { minItems: 1, description: 'The queries and triggers' }),
    correlations: Type.Optional(
      Type.Object({
        correlationOperators: Type.Optional(Type.Array(Type.String(), { description: 'AND' })),
        joins: Type.Optional(
          Type.Array(Type.Record(Type.String(), Type.String()), { description: 'Sub-component index → field joined on' }),
        ),
      }),
    ),
    schedule: Type.Optional(RequestSchedule),
    enabled: Type.Optional(BooleanOrString({ description: 'Default true; "true"/"false" strings accepted' })),
    sendToAll: Type.Optional(Type.Boolean({ description: 'One e-mail to all recipients' })),
  };
}

export const AlertRequest = Type.Object(alertFields(), { description: 'An alert definition' });
export type AlertRequest = Static<typeof AlertRequest>;

/** The parts of an alert definition security rules share (SPEC.md: a security rule has the same fields as an alert). */
export const AlertWireParts = { Filters, Aggregation, QueryDefinition, Tiers, SubComponent, Output, RequestSchedule } as const;
