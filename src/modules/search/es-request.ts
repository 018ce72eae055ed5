/** Elasticsearch URL parameters of `_search`/`_count` folded into the body, so one parser reads both. */

export type EsParams = Readonly<Record<string, unknown>>;

function list(value: unknown): string[] {
  const items = Array.isArray(value) ? value.map(String) : value === undefined ? [] : [String(value)];
  return items
    .flatMap((item) => item.split(','))
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function integer(value: unknown): unknown {
  return typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
}

/** `sort=field:desc,other` → sort clauses. */
function sortParam(value: unknown): unknown[] {
  return list(value).map((item) => {
    const at = item.lastIndexOf(':');
    if (at <= 0) return item;
    return { [item.slice(0, at)]: { order: item.slice(at + 1) } };
  });
}

/** The body with the URL's `q`, `size`, `from`, `sort`, `_source*` and `track_total_hits` applied (URL wins). */
export function bodyWithParams(body: Record<string, unknown>, params: EsParams, forCount = false): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  if (typeof params.q === 'string') {
    const queryString: Record<string, unknown> = { query: params.q };
    if (typeof params.df === 'string') queryString.default_field = params.df;
    if (typeof params.default_operator === 'string') queryString.default_operator = params.default_operator.toLowerCase();
    if (params.analyze_wildcard !== undefined) queryString.analyze_wildcard = String(params.analyze_wildcard) === 'true';
    if (params.lenient !== undefined) queryString.lenient = String(params.lenient) === 'true';
    out.query = { query_string: queryString };
  }
  if (forCount) return out;
  if (params.size !== undefined) out.size = integer(params.size);
  if (params.from !== undefined) out.from = integer(params.from);
  if (params.sort !== undefined) out.sort = sortParam(params.sort);
  if (params.track_total_hits !== undefined) {
    const t = String(params.track_total_hits);
    out.track_total_hits = t === 'true' ? true : t === 'false' ? false : integer(t);
  }
  const includes = list(params._source_includes ?? params._source_include);
  const excludes = list(params._source_excludes ?? params._source_exclude);
  if (params._source !== undefined) {
    const source = String(params._source);
    out._source = source === 'false' ? false : source === 'true' ? true : list(params._source);
  }
  if (includes.length > 0 || excludes.length > 0) {
    const current = out._source;
    const base = Array.isArray(current)
      ? { includes: current }
      : typeof current === 'object' && current !== null
        ? (current as Record<string, unknown>)
        : {};
    out._source = { ...base, ...(includes.length > 0 ? { includes } : {}), ...(excludes.length > 0 ? { excludes } : {}) };
  }
  return out;
}

/** Keys of an ES search body that only steer the transport; the DSL parser never sees them. */
export function withoutTransportKeys(body: Record<string, unknown>): Record<string, unknown> {
  const { scroll: _scroll, ...rest } = body;
  return rest;
}
