import { Type, type Static } from '@sinclair/typebox';
import { Count, RETENTION_DAYS_MAX, RowId } from '../../shared/wire-bounds.js';

const dsl = (description: string) => Type.Optional(Type.Unknown({ description }));

/** /v1/search body: the Elasticsearch 6.8 DSL with Logz.io's restrictions (checked by the parser, which names the JSON path). */
export const SearchBody = Type.Object(
  {
    query: Type.Unknown({ description: 'Search DSL query (required): bool, match, query_string, term, range, ...' }),
    from: dsl('First result to return (>= 0, default 0)'),
    size: dsl('Number of results (<= 10000, default 10)'),
    sort: dsl('Sort clauses; sorting on the analysed `message` field is refused'),
    _source: dsl('`false`, a list of fields, or {includes, excludes}'),
    post_filter: dsl('Filter applied to hits after aggregations'),
    docvalue_fields: dsl('Fields whose values are returned under `fields`'),
    version: dsl('Return a version per hit'),
    stored_fields: dsl('Stored fields to return'),
    highlight: dsl('Highlighting (`<em>` tags by default)'),
    aggregations: dsl('Aggregations, nested to any depth'),
    aggs: dsl('Alias of `aggregations`'),
    dayOffset: dsl('Shifts the 2-day window (today and yesterday UTC) back by this many days; at most the retention'),
    accountIds: dsl('Accounts to search (the caller and its searchable sub accounts); the caller only if listed'),
  },
  { additionalProperties: true, description: 'Search request' },
);

export const SearchQuerystring = Type.Object({
  accountIds: Type.Optional(
    Type.Array(RowId({ minimum: 1 }), { description: 'Accounts to search, repeated (`accountIds=1&accountIds=2`)' }),
  ),
  dayOffset: Type.Optional(Count(RETENTION_DAYS_MAX, { description: 'Shifts the 2-day window back by this many days' })),
});
export type SearchQuerystring = Static<typeof SearchQuerystring>;

export const SearchResponse = Type.Object(
  {
    hits: Type.Object({
      total: Type.Integer({ description: 'Matching logs in the window' }),
      max_score: Type.Union([Type.Number(), Type.Null()]),
      hits: Type.Array(Type.Record(Type.String(), Type.Unknown()), {
        description: 'Hits with _index, _type, _id, _score, _source, sort, highlight, fields',
      }),
    }),
    aggregations: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Aggregation results by name' })),
  },
  { additionalProperties: true, description: 'Elasticsearch-shaped search response' },
);

export const ScrollBody = Type.Object(
  {
    scroll_id: Type.Optional(Type.String({ description: 'Continue this scroll (alone, without `query`)' })),
    scroll: Type.Optional(Type.String({ description: 'How long the scroll stays open between calls (<= 5m, default 1m)' })),
    query: dsl('Search DSL query, to open a scroll'),
    size: dsl('Page size (<= 1000, default 10)'),
  },
  { additionalProperties: true, description: 'Open a scroll with a search body, or continue one with scroll_id' },
);

export const ScrollResponse = Type.Object(
  {
    code: Type.Integer({ description: '200' }),
    scrollId: Type.String({ description: 'Send it back as scroll_id for the next page' }),
    hits: Type.String({ description: 'Stringified JSON {total, max_score, hits}; an empty hits array ends the scroll' }),
  },
  { description: 'A scroll page' },
);
