import { kqlHint } from '../discover/query-hints.js';

export type KqlConversion = { readonly ok: true; readonly lucene: string } | { readonly ok: false; readonly reason: string };

/**
 * KQL (Kibana's default query language) to the Lucene the app runs, by the query bar's own rules
 * (discover/query-hints.ts): text that reads the same in both stays as it is; what has no Lucene form is refused,
 * so the import warns instead of running it wrong.
 */
export function kqlToLucene(kql: string): KqlConversion {
  const hint = kqlHint(kql);
  if (hint === undefined) return { ok: true, lucene: kql };
  if (hint.lucene === undefined) return { ok: false, reason: hint.reason };
  return { ok: true, lucene: hint.lucene };
}

interface SearchSource {
  query?: { query?: unknown; language?: unknown };
  [key: string]: unknown;
}

/** A hit whose searchSourceJSON is KQL gets the Lucene conversion, or a warning when there is none. */
export function convertHitQuery(hit: Record<string, unknown>): { hit: Record<string, unknown>; note?: string } {
  const id = typeof hit._id === 'string' ? hit._id : '';
  const type = id.split(':')[0] ?? '';
  const source = hit._source as Record<string, unknown> | undefined;
  const attributes = source?.[type] as Record<string, unknown> | undefined;
  const meta = attributes?.kibanaSavedObjectMeta as { searchSourceJSON?: unknown } | undefined;
  if (typeof meta?.searchSourceJSON !== 'string') return { hit };
  let parsed: SearchSource;
  try {
    parsed = JSON.parse(meta.searchSourceJSON) as SearchSource;
  } catch {
    return { hit };
  }
  const query = parsed.query;
  if (query?.language !== 'kuery' || typeof query.query !== 'string' || query.query.trim() === '') return { hit };
  const title = typeof attributes?.title === 'string' ? attributes.title : id;
  const converted = kqlToLucene(query.query);
  if (converted.ok && converted.lucene === query.query) {
    const searchSourceJSON = JSON.stringify({ ...parsed, query: { ...query, language: 'lucene' } });
    return { hit: { ...hit, _source: { ...source, [type]: { ...attributes, kibanaSavedObjectMeta: { ...meta, searchSourceJSON } } } } };
  }
  if (!converted.ok)
    return { hit, note: `“${title}”: its KQL query “${query.query}” was not converted (${converted.reason}); it will not run as written.` };
  const searchSourceJSON = JSON.stringify({ ...parsed, query: { ...query, query: converted.lucene, language: 'lucene' } });
  return {
    hit: { ...hit, _source: { ...source, [type]: { ...attributes, kibanaSavedObjectMeta: { ...meta, searchSourceJSON } } } },
    note: `“${title}”: KQL “${query.query}” converted to Lucene “${converted.lucene}”.`,
  };
}

/** Kibana's export NDJSON (one saved object a line) as the hits of Logz.io's export JSON. */
export function hitsOfNdjson(text: string): Record<string, unknown>[] {
  const hits: Record<string, unknown>[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const object = JSON.parse(line) as {
      id?: unknown;
      type?: unknown;
      attributes?: unknown;
      references?: unknown;
      exportedCount?: unknown;
    };
    if (object.exportedCount !== undefined) continue; // Kibana's closing summary line.
    if (typeof object.id !== 'string' || typeof object.type !== 'string') throw new Error('each line needs an id and a type');
    hits.push({
      _id: `${object.type}:${object.id}`,
      _type: '_doc',
      _source: { type: object.type, [object.type]: object.attributes ?? {}, references: object.references ?? [] },
    });
  }
  return hits;
}

/** Logz.io's export hits as Kibana NDJSON lines. */
export function ndjsonOfHits(hits: readonly Record<string, unknown>[]): string {
  return hits
    .map((hit) => {
      const id = String(hit._id ?? '');
      const colon = id.indexOf(':');
      const type = id.slice(0, colon);
      const source = (hit._source ?? {}) as Record<string, unknown>;
      return JSON.stringify({ id: id.slice(colon + 1), type, attributes: source[type] ?? {}, references: source.references ?? [] });
    })
    .join('\n');
}
