/**
 * bench:search's rows on the real-logs data set (issue 47): what people type, with the words the census chose, each
 * as Discover sends it (the last 24 hours, newest 50 with highlight and a 30-minute histogram, web/src/search.ts)
 * and with `size` 0, each field-less row beside the same question on `message`; then the field queries.
 */
import { fieldPresenceBody, REAL_PRESENCE_FIELDS } from '../field-presence-query.js';
import { DAY_MS } from './timeline.js';
import type { RealWords } from './word-census.js';

export interface BenchQuery {
  readonly name: string;
  /** `/v1/search`, or the Elasticsearch API where /v1/search cannot ask it (a range wider than its two days). */
  readonly path: '/v1/search' | '/_search';
  readonly body: Readonly<Record<string, unknown>>;
  /** The same question on `message` alone, which the field-less row is measured beside; null for the others. */
  readonly onMessage: Readonly<Record<string, unknown>> | null;
}

/** Discover's highlight markers (web/src/search.ts). */
const HIGHLIGHT = { fields: { '*': {} }, pre_tags: ['\u0001hl\u0002'], post_tags: ['\u0001/hl\u0002'], number_of_fragments: 0 };

interface Shape {
  readonly fromMs: number;
  readonly toMs: number;
  /** Discover's histogram interval for the range (about 60 buckets). */
  readonly interval: string;
  readonly size: 0 | 50;
  readonly aggs?: Readonly<Record<string, unknown>>;
  /** The Elasticsearch API counts to 10,000 unless asked: asked, as /v1/search always counts. */
  readonly exactTotal?: true;
}

/** A query as Discover sends it (newest 50, highlight, histogram), or with `size` 0 and only its own aggregations. */
function discoverBody(text: string, shape: Shape): Record<string, unknown> {
  const range = { range: { '@timestamp': { gte: shape.fromMs, lt: shape.toMs, format: 'epoch_millis' } } };
  const query = {
    bool: {
      must: text === '' ? [] : [{ query_string: { query: text, default_operator: 'AND', analyze_wildcard: true } }],
      filter: [range],
    },
  };
  const total = shape.exactTotal === true ? { track_total_hits: true } : {};
  if (shape.size === 0) return { query, size: 0, ...total, ...(shape.aggs === undefined ? {} : { aggs: shape.aggs }) };
  const histogram = {
    date_histogram: {
      field: '@timestamp',
      fixed_interval: shape.interval,
      min_doc_count: 0,
      extended_bounds: { min: shape.fromMs, max: shape.toMs - 1 },
    },
  };
  return {
    query,
    from: 0,
    size: 50,
    sort: [{ '@timestamp': { order: 'desc' } }],
    highlight: HIGHLIGHT,
    ...total,
    aggs: { histogram, ...shape.aggs },
  };
}

const quote = (phrase: string): string => `"${phrase}"`;

export function realSearchQueries(words: RealWords, nowMs: number): BenchQuery[] {
  const day = { fromMs: nowMs - DAY_MS, toMs: nowMs, interval: '30m' };
  const week = { fromMs: nowMs - 7 * DAY_MS, toMs: nowMs, interval: '3h', exactTotal: true as const };
  const rows: BenchQuery[] = [];
  /** One question in both sizes, field-less beside `onMessage` (or alone). */
  const both = (
    name: string,
    text: string,
    onMessage: string | null,
    options: {
      readonly range?: typeof day | typeof week;
      readonly path?: BenchQuery['path'];
      readonly aggs?: Record<string, unknown>;
    } = {},
  ): void => {
    const range = options.range ?? day;
    for (const size of [50, 0] as const) {
      const shape: Shape = { ...range, size, ...(options.aggs === undefined ? {} : { aggs: options.aggs }) };
      rows.push({
        name: `${name}, ${size === 0 ? 'size 0' : 'newest 50'}`,
        path: options.path ?? '/v1/search',
        body: discoverBody(text, shape),
        onMessage: onMessage === null ? null : discoverBody(onMessage, shape),
      });
    }
  };
  const { common, rare, absent, phrase2, phrase3, anyOf, andWord, prefix, fuzzy } = words;
  both('match_all (reference)', '', null);
  both(`common word "${common.text}"`, common.text, `message:${common.text}`);
  both(`rare token "${rare.text}"`, rare.text, `message:${rare.text}`);
  both(`word in no log "${absent.text}"`, absent.text, `message:${absent.text}`);
  both(`two-word phrase ${quote(phrase2.text)}`, quote(phrase2.text), `message:${quote(phrase2.text)}`);
  both(`three-word phrase ${quote(phrase3.text)}`, quote(phrase3.text), `message:${quote(phrase3.text)}`);
  const or = anyOf.map((word) => word.text);
  both(`OR of three words "${or.join(' OR ')}"`, or.join(' OR '), `message:(${or.join(' OR ')})`);
  both(`word AND field "${andWord.text} AND level:ERROR"`, `${andWord.text} AND level:ERROR`, `message:${andWord.text} AND level:ERROR`);
  both(`NOT word "NOT ${common.text}"`, `NOT ${common.text}`, `NOT message:${common.text}`);
  both(`prefix "${prefix.text}*"`, `${prefix.text}*`, `message:${prefix.text}*`);
  both(`fuzzy "${fuzzy.text}~"`, `${fuzzy.text}~`, `message:${fuzzy.text}~`);
  const terms = { hosts: { terms: { field: 'host', size: 10 } } };
  both(`common word + terms host`, common.text, `message:${common.text}`, { aggs: terms });
  const histogram = { t: { date_histogram: { field: '@timestamp', fixed_interval: '5m' } } };
  both(`common word + date_histogram 5m`, common.text, `message:${common.text}`, { aggs: histogram });
  // /v1/search answers two days at most (Logz.io's window): a week goes through the Elasticsearch API, and the
  // same 24 hours through it too, the 7-day row's comparison.
  both(`common word, 24 hours (ES API)`, common.text, `message:${common.text}`, { path: '/_search', range: { ...day, exactTotal: true } });
  both(`common word, 7 days (ES API)`, common.text, `message:${common.text}`, { path: '/_search', range: week });
  both(`rare token, 7 days (ES API)`, rare.text, `message:${rare.text}`, { path: '/_search', range: week });
  for (const [field, value] of [
    ['host', words.host.text],
    ['message', rare.text],
    ['service', words.service.text],
    ['level', words.level.text],
    ['status', words.status.text],
  ] as const) {
    both(`field ${field}:${value}`, `${field}:${value}`, null);
  }
  // Discover's sidebar: which of the catalog's fields hold a value in the matching logs (rule field-presence).
  for (const [name, text] of [
    ['match_all', ''],
    [`common word "${common.text}"`, common.text],
    ['level:ERROR', 'level:ERROR'],
  ] as const) {
    const body = fieldPresenceBody(text, REAL_PRESENCE_FIELDS, day.fromMs, day.toMs);
    rows.push({ name: `field presence, ${name}`, path: '/_search', body, onMessage: null });
  }
  return rows;
}
