/**
 * Highlighting on the returned document: the query's terms per field, wrapped in the pre/post tags
 * (`<em>`/`</em>` by default) in fragments of about `fragmentSize` characters, as Elasticsearch's unified
 * highlighter presents them.
 */
import type { HighlightSpec, QueryAst } from '../../../../query/index.js';
import { flattenSource } from './source-filter.js';

/** A term to mark: exact token or token prefix, on a field pattern. */
interface Mark {
  readonly field: string;
  readonly term: string;
  readonly prefix: boolean;
}

/** The terms a query looks for, per field (negated clauses excluded, as ES does). */
export function highlightTerms(query: QueryAst, out: Mark[] = []): Mark[] {
  switch (query.kind) {
    case 'bool':
      for (const q of [...query.must, ...query.should, ...query.filter]) highlightTerms(q, out);
      break;
    case 'match':
    case 'phrase':
      query.tokens.forEach((t, i) =>
        out.push({ field: query.field, term: t.term, prefix: query.lastTokenIsPrefix && i === query.tokens.length - 1 }),
      );
      break;
    case 'term':
      out.push({ field: query.field, term: String(query.value).toLowerCase(), prefix: false });
      break;
    case 'terms':
      for (const v of query.values) out.push({ field: query.field, term: String(v).toLowerCase(), prefix: false });
      break;
    case 'prefix':
      out.push({ field: query.field, term: query.prefix.toLowerCase(), prefix: true });
      break;
    case 'dis_max':
      for (const q of query.queries) highlightTerms(q, out);
      break;
    case 'constant_score':
      highlightTerms(query.filter, out);
      break;
    case 'boosting':
      highlightTerms(query.positive, out);
      break;
    default:
      break;
  }
  return out;
}

const TOKEN = /[\p{L}\p{N}_]+(?:[.'][\p{L}\p{N}_]+)*/gu;

function globMatches(pattern: string, name: string): boolean {
  const base = (p: string): string => (p.endsWith('.keyword') ? p.slice(0, -'.keyword'.length) : p);
  const re = new RegExp(
    `^${base(pattern)
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return re.test(base(name));
}

function markText(text: string, marks: readonly Mark[], pre: string, post: string): { marked: string; spans: [number, number][] } {
  const spans: [number, number][] = [];
  for (const m of text.matchAll(TOKEN)) {
    const token = m[0].toLowerCase();
    const start = m.index;
    if (marks.some((mark) => (mark.prefix ? token.startsWith(mark.term) : token === mark.term))) spans.push([start, start + m[0].length]);
  }
  let marked = '';
  let at = 0;
  for (const [start, end] of spans) {
    marked += `${text.slice(at, start)}${pre}${text.slice(start, end)}${post}`;
    at = end;
  }
  return { marked: marked + text.slice(at), spans };
}

function fragments(
  text: string,
  spans: readonly [number, number][],
  size: number,
  count: number,
  pre: string,
  post: string,
  marks: readonly Mark[],
): string[] {
  if (count === 0 || text.length <= size) return [markText(text, marks, pre, post).marked];
  const out: string[] = [];
  let lastEnd = -1;
  for (const [start] of spans) {
    if (start < lastEnd) continue;
    const from = Math.max(0, start - Math.floor(size / 4));
    const to = Math.min(text.length, from + size);
    out.push(markText(text.slice(from, to), marks, pre, post).marked);
    lastEnd = to;
    if (out.length >= count) break;
  }
  return out;
}

/** `highlight` of one hit, or null when nothing in it matched. */
export function highlightHit(source: Record<string, unknown>, spec: HighlightSpec, query: QueryAst): Record<string, string[]> | null {
  const flat = flattenSource(source);
  const out: Record<string, string[]> = {};
  for (const field of spec.fields) {
    const marks = highlightTerms(field.highlightQuery ?? query);
    for (const [name, values] of flat) {
      if (!globMatches(field.field, name)) continue;
      const relevant = marks.filter((m) => (spec.requireFieldMatch ? globMatches(m.field, name) || m.field === '*' : true));
      if (relevant.length === 0) continue;
      const pre = field.preTags[0] ?? '<em>';
      const post = field.postTags[0] ?? '</em>';
      const parts: string[] = [];
      for (const value of values) {
        if (typeof value !== 'string') continue;
        const { spans } = markText(value, relevant, pre, post);
        if (spans.length > 0) parts.push(...fragments(value, spans, field.fragmentSize, field.numberOfFragments, pre, post, relevant));
      }
      if (parts.length > 0) out[name] = field.numberOfFragments === 0 ? parts : parts.slice(0, Math.max(field.numberOfFragments, 1));
    }
  }
  return Object.keys(out).length === 0 ? null : out;
}
