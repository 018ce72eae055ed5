import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../api.js';
import { navigate, useLocation, withParams } from '../router.js';
import {
  getSavedObject,
  listSavedObjects,
  queryOfSearchSource,
  saveObject,
  searchSourceJson,
  type SavedObject,
  type SearchAttributes,
} from '../saved-objects.js';
import {
  errorPosition,
  fieldValue,
  flatten,
  HIGHLIGHT_POST,
  HIGHLIGHT_PRE,
  histogramAgg,
  loadFields,
  queryOf,
  resolveRange,
  search,
  TIMESTAMP,
  withFilter,
  type Bucket,
  type FieldInfo,
  type Hit,
  type ResolvedRange,
} from '../search.js';
import { canWrite, useSession } from '../session.js';
import { FieldSidebar, type TopValues } from './FieldSidebar.js';
import { Histogram, type HistogramBucket } from './Histogram.js';
import { LogTable } from './LogTable.js';
import { QueryBar } from './QueryBar.js';
import { SaveBar } from './SaveBar.js';
import { TimePicker } from './TimePicker.js';

const PAGE = 50;
const TAIL_EVERY_MS = 2000;
const AGGREGATABLE = new Set(['keyword', 'long', 'integer', 'short', 'byte', 'double', 'float', 'boolean', 'date', 'ip']);

interface Results {
  readonly hits: readonly Hit[];
  readonly total: number;
  readonly buckets: readonly HistogramBucket[];
  readonly intervalMs: number;
  readonly range: ResolvedRange;
}

function timeMs(hit: Hit): number {
  const value = hit._source[TIMESTAMP];
  return typeof value === 'string' ? Date.parse(value) : typeof value === 'number' ? value : 0;
}

function pageBody(query: string, range: ResolvedRange, from: number, extra: readonly unknown[] = []): Record<string, unknown> {
  return {
    query: queryOf(query, range, extra),
    from,
    size: PAGE,
    sort: [{ [TIMESTAMP]: { order: 'desc' } }],
    highlight: { fields: { '*': {} }, pre_tags: [HIGHLIGHT_PRE], post_tags: [HIGHLIGHT_POST], number_of_fragments: 0 },
  };
}

/** Discover: query, time range, histogram, field sidebar, the logs, live tail; the URL holds the view. */
export function Discover() {
  const session = useSession();
  const { params } = useLocation();
  const query = params.get('q') ?? '';
  const from = params.get('from') ?? 'now-15m';
  const to = params.get('to') ?? 'now';
  const columns = useMemo(() => (params.get('cols') ?? '').split(',').filter((c) => c !== ''), [params]);
  const savedId = params.get('saved') ?? undefined;
  const [draft, setDraft] = useState(query);
  const [fields, setFields] = useState<readonly FieldInfo[]>([]);
  const [results, setResults] = useState<Results | null>(null);
  const [error, setError] = useState<{ message: string; position?: number | undefined } | null>(null);
  const [loading, setLoading] = useState(false);
  const [tail, setTail] = useState(false);
  const [saved, setSaved] = useState<SavedObject<SearchAttributes> | null>(null);
  const [savedList, setSavedList] = useState<readonly SavedObject[]>([]);
  const loadingMore = useRef(false);
  const [searchCount, setSearchCount] = useState(0);

  const update = useCallback(
    (changes: Readonly<Record<string, string | undefined>>) => {
      const next = { q: query, from, to, cols: columns.join(','), saved: savedId, ...changes };
      navigate(withParams('/app/discover', next));
    },
    [query, from, to, columns, savedId],
  );

  useEffect(() => setDraft(query), [query]);
  useEffect(() => {
    loadFields().then(setFields, () => setFields([]));
  }, [searchCount]);

  // Opening a saved search puts its query and columns into the URL.
  useEffect(() => {
    if (savedId === undefined) {
      setSaved(null);
      return;
    }
    if (saved?.id === savedId) return;
    getSavedObject<SearchAttributes>('search', savedId).then(
      (object) => {
        setSaved(object);
        navigate(
          withParams('/app/discover', {
            q: queryOfSearchSource(object.attributes.kibanaSavedObjectMeta),
            from,
            to,
            cols: object.attributes.columns.join(','),
            saved: object.id,
          }),
          {
            replace: true,
          },
        );
      },
      (caught: unknown) => setError({ message: caught instanceof Error ? caught.message : String(caught) }),
    );
  }, [savedId, saved?.id, from, to]);

  // A new query or range: first page and histogram together.
  useEffect(() => {
    const range = resolveRange({ query, from, to });
    if (range === undefined) return;
    const controller = new AbortController();
    const histogram = histogramAgg(range);
    setLoading(true);
    search({ ...pageBody(query, range, 0), aggs: { histogram: histogram.agg } }, range, controller.signal).then(
      (response) => {
        const buckets = ((response.aggregations?.histogram as { buckets?: Bucket[] } | undefined)?.buckets ?? []).map((bucket) => ({
          key: Number(bucket.key),
          count: bucket.doc_count,
        }));
        setResults({ hits: response.hits.hits, total: response.hits.total, buckets, intervalMs: histogram.intervalMs, range });
        setError(null);
        setLoading(false);
        setSearchCount((count) => count + 1);
      },
      (caught: unknown) => {
        if (controller.signal.aborted) return;
        const message = caught instanceof ApiError || caught instanceof Error ? caught.message : String(caught);
        setError({ message, position: errorPosition(message, query) });
        setResults(null);
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [query, from, to]);

  const loadMore = useCallback(() => {
    if (results === null || loadingMore.current || results.hits.length >= results.total) return;
    loadingMore.current = true;
    search(pageBody(query, results.range, results.hits.length), results.range)
      .then((response) => {
        const known = new Set(results.hits.map((hit) => hit._id));
        setResults({ ...results, hits: [...results.hits, ...response.hits.hits.filter((hit) => !known.has(hit._id))] });
      })
      .catch(() => undefined)
      .finally(() => {
        loadingMore.current = false;
      });
  }, [results, query]);

  // Live tail: every 2 s, logs newer than the newest shown come in on top.
  useEffect(() => {
    if (!tail || results === null) return;
    const timer = window.setInterval(() => {
      const newest = Math.max(0, ...results.hits.slice(0, 1).map(timeMs));
      const range = resolveRange({ query, from: newest > 0 ? new Date(newest).toISOString() : from, to: 'now' });
      if (range === undefined) return;
      search(pageBody(query, { ...range, fromMs: newest > 0 ? newest : range.fromMs, toMs: Date.now() + 1000 }, 0), range)
        .then((response) => {
          const known = new Set(results.hits.map((hit) => hit._id));
          const fresh = response.hits.hits.filter((hit) => !known.has(hit._id));
          if (fresh.length > 0) setResults({ ...results, hits: [...fresh, ...results.hits], total: results.total + fresh.length });
        })
        .catch(() => undefined);
    }, TAIL_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [tail, results, query, from]);

  const sidebarFields = useMemo(() => {
    const names = new Set<string>();
    for (const hit of results?.hits ?? []) for (const [name] of flatten(hit._source)) names.add(name);
    return [...names].sort();
  }, [results]);

  const loadTopValues = async (field: string): Promise<TopValues> => {
    const type = fields.find((info) => info.name === field)?.type ?? 'text';
    // A text field is counted through its keyword sibling when the mapping has one (`host` → `host.keyword`).
    const keyword = fields.some((info) => info.name === `${field}.keyword`) ? `${field}.keyword` : undefined;
    const aggregated = AGGREGATABLE.has(type) ? field : keyword;
    if (results !== null && aggregated !== undefined) {
      const body = { query: queryOf(query, results.range), size: 0, aggs: { top: { terms: { field: aggregated, size: 5 } } } };
      const response = await search(body, results.range).catch(() => undefined);
      const buckets = (response?.aggregations?.top as { buckets?: Bucket[] } | undefined)?.buckets;
      if (buckets !== undefined)
        return {
          field,
          scope: 'range',
          values: buckets.map((bucket) => ({ value: bucket.key_as_string ?? bucket.key, count: bucket.doc_count })),
        };
    }
    const counts = new Map<string, { value: unknown; count: number }>();
    for (const hit of results?.hits ?? []) {
      const value = fieldValue(hit._source, field);
      if (value === undefined) continue;
      const key = JSON.stringify(value);
      counts.set(key, { value, count: (counts.get(key)?.count ?? 0) + 1 });
    }
    return { field, scope: 'loaded', values: [...counts.values()].sort((a, b) => b.count - a.count).slice(0, 5) };
  };

  const filter = (field: string, value: unknown, negate: boolean): void => update({ q: withFilter(query, field, value, negate) });
  const toggleColumn = (field: string): void =>
    update({ cols: (columns.includes(field) ? columns.filter((c) => c !== field) : [...columns, field]).join(',') });

  const save = async (title: string, asNew: boolean): Promise<void> => {
    const attributes: SearchAttributes = {
      title,
      description: saved?.attributes.description ?? '',
      columns: columns.length === 0 ? ['_source'] : [...columns],
      sort: [[TIMESTAMP, 'desc']],
      kibanaSavedObjectMeta: { searchSourceJSON: searchSourceJson(query) },
    };
    const object = await saveObject('search', asNew ? undefined : saved?.id, attributes);
    setSaved(object);
    update({ saved: object.id });
  };

  return (
    <div className="discover">
      <div className="toolbar">
        <QueryBar value={draft} onChange={setDraft} onSubmit={() => update({ q: draft })} fields={fields} error={error} />
        <button type="button" className="primary" onClick={() => update({ q: draft })}>
          Search
        </button>
        <button type="button" aria-pressed={tail} onClick={() => setTail(!tail)} title="New matching logs stream in">
          {tail ? 'Pause live tail' : 'Live tail'}
        </button>
      </div>
      <div className="toolbar">
        <TimePicker from={from} to={to} range={resolveRange({ query, from, to })} onApply={(f, t) => update({ from: f, to: t })} />
      </div>
      <SaveBar
        kind="search"
        saved={saved === null ? null : { id: saved.id, title: saved.attributes.title }}
        canWrite={canWrite(session)}
        onSave={save}
        onOpenList={() => listSavedObjects('search').then((page) => setSavedList(page.objects))}
        list={savedList}
        onOpen={(id) => navigate(withParams('/app/discover', { saved: id, from, to }))}
      />
      <div className="discover-body">
        <FieldSidebar
          fields={sidebarFields}
          columns={columns}
          loadTopValues={loadTopValues}
          onFilter={filter}
          onToggleColumn={toggleColumn}
        />
        <section className="results" aria-label="Results" aria-busy={loading}>
          <p className="hits-count" role="status" data-testid="hits-count">
            {results === null ? (loading ? 'Searching…' : '') : `${results.total.toLocaleString()} hits`}
            {tail && ' · live'}
          </p>
          {results !== null && (
            <Histogram
              buckets={results.buckets}
              fromMs={results.range.fromMs}
              toMs={results.range.toMs}
              intervalMs={results.intervalMs}
              onZoom={(a, b) => update({ from: new Date(a).toISOString(), to: new Date(b).toISOString() })}
            />
          )}
          {results !== null && (
            <LogTable
              hits={results.hits}
              columns={columns}
              hasMore={results.hits.length < results.total}
              loadMore={loadMore}
              onFilter={filter}
              onRemoveColumn={toggleColumn}
            />
          )}
        </section>
      </div>
    </div>
  );
}
