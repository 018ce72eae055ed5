import { Type, type Static } from '@sinclair/typebox';
import { EpochMillis, Measure } from '../../shared/wire-bounds.js';

const TimeBound = (description: string) => Type.Union([EpochMillis({}), Type.String({ minLength: 1, maxLength: 100 })], { description });

const Range = {
  from: TimeBound('Start (inclusive): epoch ms, an ISO time or date math such as now-7d; at most the retention back'),
  to: TimeBound('End (exclusive): epoch ms, an ISO time or date math such as now'),
};

const SearchId = Type.Optional(
  Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'An id the page gives the search, to cancel it' }),
);

export const ResolvedRange = Type.Object(
  { fromMs: Type.Integer(), toMs: Type.Integer() },
  { description: 'The range searched, resolved against the server clock' },
);

export const DiscoverSettings = Type.Object(
  {
    retentionDays: Type.Integer({ description: 'Days of logs the account keeps: the longest range Discover searches' }),
    oldest: Type.String({ description: 'The oldest searchable time now (ISO)' }),
    exportMaxRows: Type.Integer({ description: 'Logs one CSV export writes at most' }),
  },
  { description: 'What Discover can search in this account' },
);

export const DiscoverSearchBody = Type.Object(
  {
    ...Range,
    searchId: SearchId,
    search: Type.Unknown({
      description: 'An Elasticsearch search body (query, size, sort, search_after, aggs, highlight, track_total_hits)',
    }),
  },
  { description: 'A search over any range the account retains' },
);
export type DiscoverSearchBody = Static<typeof DiscoverSearchBody>;

export const DiscoverSearchResponse = Type.Object(
  {
    range: ResolvedRange,
    took: Type.Integer(),
    hits: Type.Record(Type.String(), Type.Unknown(), { description: 'Elasticsearch hits: total {value, relation} unless untracked, hits' }),
    aggregations: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: true, description: 'Elasticsearch-shaped search response, with the range searched' },
);

export const CancelBody = Type.Object(
  { searchIds: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 50, description: 'Searches to stop' }) },
  { description: 'Searches of this session to stop' },
);
export type CancelBody = Static<typeof CancelBody>;

export const CancelResponse = Type.Object({ cancelled: Type.Integer({ description: 'Searches that were still running' }) });

export const SurroundingBody = Type.Object(
  {
    anchor: Type.Object({
      id: Type.String({ minLength: 1, maxLength: 200, description: 'The _id of the log' }),
      timestampMs: EpochMillis({ description: 'Its @timestamp, epoch ms' }),
    }),
    older: Type.Integer({ minimum: 0, maximum: 100, description: 'Logs before it' }),
    newer: Type.Integer({ minimum: 0, maximum: 100, description: 'Logs after it' }),
    sameAs: Type.Record(
      Type.String({ minLength: 1, maxLength: 200 }),
      Type.Union([Type.String({ maxLength: 1000 }), Measure({}), Type.Boolean()]),
      {
        maxProperties: 5,
        description: 'Only logs with these field values (the same host or service); empty: the whole account',
      },
    ),
    searchId: SearchId,
  },
  { description: 'The logs around one log' },
);
export type SurroundingBody = Static<typeof SurroundingBody>;

export const SurroundingResponse = Type.Object({
  anchor: Type.Record(Type.String(), Type.Unknown()),
  older: Type.Array(Type.Record(Type.String(), Type.Unknown()), { description: 'Before the anchor, newest first' }),
  newer: Type.Array(Type.Record(Type.String(), Type.Unknown()), { description: 'After the anchor, newest first' }),
  olderComplete: Type.Boolean({ description: 'No more logs before these' }),
  newerComplete: Type.Boolean({ description: 'No more logs after these' }),
});

export const PatternsBody = Type.Object(
  { ...Range, query: Type.String({ maxLength: 32_768, description: 'Lucene query (empty: every log)' }), searchId: SearchId },
  { description: 'Patterns of the logs a query matches' },
);
export type PatternsBody = Static<typeof PatternsBody>;

export const PatternsResponse = Type.Object({
  range: ResolvedRange,
  sampled: Type.Integer({ description: 'Messages the templates were learned from' }),
  total: Type.Integer({ description: 'Matching logs of the range' }),
  patterns: Type.Array(
    Type.Object({
      template: Type.String(),
      query: Type.String({ description: 'Lucene query finding its logs' }),
      sampleCount: Type.Integer(),
      count: Type.Integer({ description: 'Matching logs the query also matches (exact)' }),
      sparkline: Type.Array(Type.Integer()),
    }),
  ),
});

export const ExportQuery = Type.Object({
  ...Range,
  q: Type.Optional(Type.String({ maxLength: 32_768, description: 'Lucene query (empty: every log)' })),
  cols: Type.Optional(Type.String({ maxLength: 10_000, description: 'Columns, comma separated (default message)' })),
  sort: Type.Optional(Type.String({ maxLength: 300, description: 'field:asc or field:desc (default @timestamp:desc)' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: 'Logs at most (default and cap: exportMaxRows)' })),
  searchId: SearchId,
});
export type ExportQuery = Static<typeof ExportQuery>;
