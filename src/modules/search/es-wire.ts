import { Type } from '@sinclair/typebox';

export const EsSearchQuerystring = Type.Object(
  {
    q: Type.Optional(Type.String({ description: 'Lucene query string' })),
    df: Type.Optional(Type.String({ description: 'Default field of `q`' })),
    default_operator: Type.Optional(Type.String({ description: '`AND` or `OR` for `q`' })),
    size: Type.Optional(Type.String({ description: 'Number of hits' })),
    from: Type.Optional(Type.String({ description: 'First hit' })),
    sort: Type.Optional(Type.String({ description: '`field:asc,other:desc`' })),
    _source_includes: Type.Optional(Type.String({ description: 'Fields of `_source` to return' })),
    _source_excludes: Type.Optional(Type.String({ description: 'Fields of `_source` to leave out' })),
    scroll: Type.Optional(Type.String({ description: 'Open a scroll kept alive this long (e.g. `1m`)' })),
  },
  { additionalProperties: true },
);

export const EsBody = Type.Unknown({ description: 'Elasticsearch request body (JSON; NDJSON for `_msearch`)' });

export const EsResponse = Type.Record(Type.String(), Type.Unknown(), { description: 'Elasticsearch-shaped response' });
