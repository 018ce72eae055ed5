/** `_source` includes/excludes on the stored document, with Elasticsearch's path and wildcard rules. */
import type { SourceFilter } from '../../../../query/index.js';

type Json = Record<string, unknown>;

function globRegex(pattern: string): RegExp {
  return new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
}

interface Matchers {
  readonly includes: readonly RegExp[];
  readonly includePrefixes: readonly string[];
  readonly excludes: readonly RegExp[];
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function filterNode(node: Json, prefix: string, m: Matchers, included: boolean): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (m.excludes.some((re) => re.test(path))) continue;
    const selfIncluded = included || m.includes.length === 0 || m.includes.some((re) => re.test(path));
    if (isObject(value)) {
      // Descend when the object is included or an include pattern reaches below it.
      if (selfIncluded || m.includePrefixes.some((p) => p.startsWith(`${path}.`) || p === '*')) {
        const child = filterNode(value, path, m, selfIncluded);
        if (Object.keys(child).length > 0 || selfIncluded) out[key] = child;
      }
    } else if (Array.isArray(value) && value.some(isObject)) {
      if (selfIncluded || m.includePrefixes.some((p) => p.startsWith(`${path}.`))) {
        out[key] = value.map((item) => (isObject(item) ? filterNode(item, path, m, selfIncluded) : item));
      }
    } else if (selfIncluded) {
      out[key] = value;
    }
  }
  return out;
}

/** The document after the request's `_source` filter; null when `_source: false`. */
export function filterSource(source: Json, filter: SourceFilter): Json | null {
  if (!filter.enabled) return null;
  if (filter.includes.length === 0 && filter.excludes.length === 0) return source;
  const includes = filter.includes.filter((p) => p !== '*');
  return filterNode(
    source,
    '',
    {
      includes: includes.map(globRegex),
      includePrefixes: includes,
      excludes: filter.excludes.map(globRegex),
    },
    false,
  );
}

/** Leaf values of a document by dotted path (arrays of objects contribute every element's leaves). */
export function flattenSource(node: unknown, prefix = '', out = new Map<string, unknown[]>()): Map<string, unknown[]> {
  if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) flattenSource(value, prefix === '' ? key : `${prefix}.${key}`, out);
  } else if (Array.isArray(node)) {
    for (const item of node) flattenSource(item, prefix, out);
  } else if (prefix !== '' && node !== null && node !== undefined) {
    const list = out.get(prefix) ?? [];
    list.push(node);
    out.set(prefix, list);
  }
  return out;
}

/** `docvalue_fields` / `fields`: each requested field (patterns allowed) → its values, as ES lists them. */
export function pickFields(source: Json, requested: readonly string[]): Record<string, unknown[]> | null {
  if (requested.length === 0) return null;
  const flat = flattenSource(source);
  const out: Record<string, unknown[]> = {};
  for (const pattern of requested) {
    const base = pattern.endsWith('.keyword') ? pattern.slice(0, -'.keyword'.length) : pattern;
    const re = globRegex(base);
    for (const [path, values] of flat) if (re.test(path)) out[pattern.includes('*') ? path : pattern] = values;
  }
  return out;
}
