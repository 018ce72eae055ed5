/** Search results in Elasticsearch's response shape: /v1/search, /v1/scroll and the Elasticsearch-compatible read API. */
import type { LogHit, LogSearchResult } from '../../storage/log-store.js';

/** `hits.total` as Logz.io returns it (a number) or as Elasticsearch 7+ does (`{value, relation}`). */
export type TotalStyle = 'number' | 'object';

export function esHit(hit: LogHit, version: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = { _index: hit.type, _type: '_doc', _id: hit.id };
  if (version) out._version = 1;
  out._score = hit.score;
  if (hit.source !== null) out._source = hit.source;
  if (hit.fields !== null) out.fields = hit.fields;
  if (hit.highlight !== null) out.highlight = hit.highlight;
  if (hit.sort !== null) out.sort = hit.sort;
  return out;
}

export function hitsObject(result: LogSearchResult, style: TotalStyle, version: boolean): Record<string, unknown> {
  const hits = { max_score: result.maxScore, hits: result.hits.map((hit) => esHit(hit, version)) };
  // Not counted (`track_total_hits: false`): Elasticsearch leaves `total` out, or gives -1 as a number.
  if (result.totalRelation === 'untracked') return style === 'number' ? { total: -1, ...hits } : hits;
  return { total: style === 'number' ? result.total : { value: result.total, relation: result.totalRelation ?? 'eq' }, ...hits };
}

/** The whole Elasticsearch search response. */
export function searchResponse(result: LogSearchResult, style: TotalStyle, version: boolean, tookMs: number): Record<string, unknown> {
  const out: Record<string, unknown> = {
    took: tookMs,
    timed_out: false,
    _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
    hits: hitsObject(result, style, version),
  };
  if (result.aggregations !== null) out.aggregations = result.aggregations;
  return out;
}

/** /v1/search's response: Elasticsearch's, with `hits.total` a number as Logz.io returns it. */
export interface LogzioSearchResponse {
  readonly took: number;
  readonly timed_out: boolean;
  readonly hits: { readonly total: number; readonly max_score: number | null; readonly hits: Record<string, unknown>[] };
  readonly aggregations?: Readonly<Record<string, unknown>>;
}

export function logzioSearchResponse(result: LogSearchResult, version: boolean, tookMs: number): LogzioSearchResponse {
  const hits = { total: result.total, max_score: result.maxScore, hits: result.hits.map((hit) => esHit(hit, version)) };
  return result.aggregations === null
    ? { took: tookMs, timed_out: false, hits }
    : { took: tookMs, timed_out: false, hits, aggregations: result.aggregations };
}
