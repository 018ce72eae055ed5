import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../api.js';
import { rememberView } from '../carry.js';
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
  aggregatableName,
  cancelSearches,
  loadFields,
  newSearchId,
  NUMERIC_TYPES,
  resolveRange,
  TIMESTAMP,
  withFilter,
  type FieldInfo,
  type Hit,
} from '../search.js';
import { canWrite, useSession } from '../session.js';
import { DEFAULT_FROM, DEFAULT_TO, zoomedOut } from '../time.js';
import { exportUrl, fieldStats, loadSettings, presentFields, topValues, type DiscoverSettings } from './discover-data.js';
import { FieldSidebar } from './FieldSidebar.js';
import { Histogram } from './Histogram.js';
import { LogTable, type SortState } from './LogTable.js';
import { PatternsTab } from './PatternsTab.js';
import { QueryBar } from './QueryBar.js';
import { regexpHint } from './query-hints.js';
import { QueryHints } from './QueryHints.js';
import { ResultsStatus } from './ResultsStatus.js';
import { SaveBar } from './SaveBar.js';
import { copyShareLink, ShareLink } from './ShareLink.js';
import { SurroundingView } from './SurroundingView.js';
import { TimePicker } from './TimePicker.js';
import { sortClauses, useDiscoverSearch } from './use-discover-search.js';

function parseSort(text: string | null): SortState {
  if (text === null || text === '') return { field: TIMESTAMP, order: 'desc' };
  const at = text.lastIndexOf(':');
  return { field: at > 0 ? text.slice(0, at) : text, order: text.endsWith(':asc') ? 'asc' : 'desc' };
}

/**
 * Discover: query, any range within retention, histogram, every field of the catalog with statistics, the logs
 * (sortable, levels coloured, by keyboard), surrounding documents, patterns, CSV export, live tail, a share link;
 * the URL holds the view.
 */
export function Discover() {
  const session = useSession();
  const { params } = useLocation();
  const query = params.get('q') ?? '';
  const from = params.get('from') ?? DEFAULT_FROM;
  const to = params.get('to') ?? DEFAULT_TO;
  const sortText = params.get('sort');
  const sort = useMemo(() => parseSort(sortText), [sortText]);
  const tab = params.get('tab') === 'patterns' ? 'patterns' : 'logs';
  const columns = useMemo(() => (params.get('cols') ?? '').split(',').filter((c) => c !== ''), [params]);
  const savedId = params.get('saved') ?? undefined;
  const [draft, setDraft] = useState(query);
  const [fields, setFields] = useState<readonly FieldInfo[]>([]);
  const [present, setPresent] = useState<ReadonlySet<string> | undefined>(undefined);
  const [tail, setTail] = useState(false);
  const [saved, setSaved] = useState<SavedObject<SearchAttributes> | null>(null);
  const [savedList, setSavedList] = useState<readonly SavedObject[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [settings, setSettings] = useState<DiscoverSettings | undefined>(undefined);
  const [anchor, setAnchor] = useState<Hit | null>(null);
  const [share, setShare] = useState<string | null>(null);
  // Pressing Enter again on the same view searches again (and `now` moves).
  const [runs, setRuns] = useState(0);

  // `now` is read when a search starts, not at every render.
  const range = useMemo(() => resolveRange({ from, to }), [from, to, runs]);
  const rangeError =
    range === undefined ? 'The time range is not valid: use now, now-15m (s, m, h, d, w) or an ISO time, with From before To' : undefined;
  const sortName = useCallback(
    (field: string) => {
      const info = fields.find((candidate) => candidate.name === field);
      return info === undefined ? field : (aggregatableName(info) ?? field);
    },
    [fields],
  );
  const clauses = useMemo(() => sortClauses(sort, sortName), [sort, sortName]);
  const endsNow = to === 'now' && from.startsWith('now');
  const { results, phase, error, loadMore, cancel } = useDiscoverSearch({
    query,
    range,
    rangeError,
    sort: clauses,
    tail: tail && sort.field === TIMESTAMP && sort.order === 'desc',
    endsNow,
  });

  const update = useCallback(
    (changes: Readonly<Record<string, string | undefined>>) => {
      const next = {
        q: query,
        from,
        to,
        cols: columns.join(','),
        sort: sortText ?? undefined,
        tab: tab === 'logs' ? undefined : tab,
        saved: savedId,
        ...changes,
      };
      navigate(withParams('/app/discover', next));
    },
    [query, from, to, columns, sortText, tab, savedId],
  );
  const submit = (): void => {
    if (draft === query) setRuns((n) => n + 1);
    else update({ q: draft });
  };

  useEffect(() => setDraft(query), [query]);
  useEffect(() => rememberView({ from, to, q: query }), [from, to, query]);
  useEffect(() => {
    loadFields().then(setFields, () => setFields([]));
    loadSettings().then(setSettings, () => undefined);
  }, []);

  // Which catalog fields hold a value in the matching logs of the range, once the page is in.
  // Only after a search that ended: a cancelled one must not start another statement of the same query.
  const pageIn = results !== null && phase === 'done';
  // Read when the page is in (not a dependency: more rows or the live tail must not ask again).
  const shownHits = useRef<readonly Hit[]>([]);
  shownHits.current = results?.hits ?? [];
  useEffect(() => {
    if (range === undefined || fields.length === 0 || !pageIn) return;
    const controller = new AbortController();
    setPresent(undefined);
    presentFields(fields, query, range, controller.signal, shownHits.current).then(setPresent, () => undefined);
    return () => controller.abort();
  }, [fields, query, range, pageIn]);

  // Opening a saved search puts its query and columns into the URL; a deleted one says so.
  useEffect(() => {
    if (savedId === undefined) {
      setSaved(null);
      return;
    }
    if (saved?.id === savedId) return;
    getSavedObject<SearchAttributes>('search', savedId).then(
      (object) => {
        setSaved(object);
        setNotice(null);
        navigate(
          withParams('/app/discover', {
            q: queryOfSearchSource(object.attributes.kibanaSavedObjectMeta),
            from,
            to,
            cols: object.attributes.columns.filter((c) => c !== '_source').join(','),
            saved: object.id,
          }),
          { replace: true },
        );
      },
      (caught: unknown) => {
        const gone = caught instanceof ApiError && caught.status === 404;
        setNotice(
          gone
            ? `The saved search this link opens (${savedId}) no longer exists: it was deleted. Showing the query and range of the link.`
            : `The saved search could not be opened: ${caught instanceof Error ? caught.message : String(caught)}`,
        );
        navigate(withParams('/app/discover', { q: query, from, to, cols: columns.join(',') }), { replace: true });
      },
    );
  }, [savedId, saved?.id, from, to]);

  // Field statistics and CSV exports run beside the search, each request under an id: Cancel and leaving Discover
  // stop them in the engine too (the id reaches the process running it; dropping the request stops it anywhere).
  const statsWork = useRef<{ controller: AbortController; ids: string[] }>({ controller: new AbortController(), ids: [] });
  const exportIds = useRef<string[]>([]);
  const [exportId, setExportId] = useState(newSearchId);
  const stopStats = useCallback(() => {
    const { controller, ids } = statsWork.current;
    statsWork.current = { controller: new AbortController(), ids: [] };
    controller.abort();
    if (ids.length > 0) void cancelSearches(ids);
  }, []);
  const stopSideWork = useCallback(() => {
    stopStats();
    const ids = exportIds.current;
    exportIds.current = [];
    if (ids.length > 0) void cancelSearches(ids);
  }, [stopStats]);
  useEffect(() => stopSideWork, [stopSideWork]);
  const cancelAll = (): void => {
    cancel();
    stopSideWork();
  };
  const loadStats = (field: FieldInfo) => {
    if (range === undefined) return Promise.reject(new Error('The time range is not valid'));
    // One field's statistics at a time: opening another stops the last one's statements.
    stopStats();
    const { controller, ids } = statsWork.current;
    return fieldStats(field, query, range, controller.signal, () => {
      const id = newSearchId();
      ids.push(id);
      return id;
    });
  };
  const loadValues = useCallback(
    (field: string) =>
      // Values of the whole range, as Kibana suggests them: the query being typed may be the one that found nothing.
      topValues(
        fields.find((info) => info.name === field),
        '',
        range,
      ),
    [fields, range],
  );
  const filter = (field: string, value: unknown, negate: boolean): void => {
    setAnchor(null);
    update({ q: withFilter(query, field, value, negate) });
  };
  const toggleColumn = (field: string): void =>
    update({ cols: (columns.includes(field) ? columns.filter((c) => c !== field) : [...columns, field]).join(',') });
  const onSort = (field: string): void => {
    const order = sort.field === field && sort.order === 'desc' ? 'asc' : 'desc';
    update({ sort: field === TIMESTAMP && order === 'desc' ? undefined : `${field}:${order}` });
  };
  const visualize = (field: FieldInfo): void => {
    const counted = aggregatableName(field);
    const numeric = NUMERIC_TYPES.has(field.type);
    navigate(
      withParams('/app/visualize', {
        type: numeric ? 'line' : 'histogram',
        metric: numeric ? 'avg' : 'count',
        field: numeric ? field.name : undefined,
        split: numeric ? undefined : counted,
        q: query,
        from,
        to,
      }),
    );
  };
  const shareLink = (): void => {
    if (range !== undefined) setShare(copyShareLink(range));
  };

  const save = async (title: string, asNew: boolean): Promise<void> => {
    const attributes: SearchAttributes = {
      title,
      description: saved?.attributes.description ?? '',
      columns: columns.length === 0 ? ['_source'] : [...columns],
      sort: [[sort.field, sort.order]],
      kibanaSavedObjectMeta: { searchSourceJSON: searchSourceJson(query) },
    };
    const object = await saveObject('search', asNew ? undefined : saved?.id, attributes);
    setSaved(object);
    update({ saved: object.id });
  };

  const regexp = regexpHint(query);
  const shownError = error === null ? null : regexp !== undefined && /Query has failed/.test(error.message) ? { message: regexp } : error;
  const running = phase === 'running';

  return (
    <div className="discover">
      <div className="toolbar">
        <QueryBar value={draft} onChange={setDraft} onSubmit={submit} fields={fields} loadValues={loadValues} error={shownError} />
        <button type="button" className="primary" onClick={submit}>
          Search
        </button>
        <button type="button" aria-pressed={tail} onClick={() => setTail(!tail)} title="New matching logs stream in">
          {tail ? 'Pause live tail' : 'Live tail'}
        </button>
        <button type="button" onClick={shareLink} title="A link to this view with its time range made absolute">
          Share
        </button>
        {range !== undefined && (
          <a
            className="button"
            href={exportUrl(query, range, columns, sortText ?? undefined, exportId)}
            onClick={() => {
              exportIds.current.push(exportId);
              setExportId(newSearchId());
            }}
            download
            title={`The matching logs as CSV (at most ${(settings?.exportMaxRows ?? 100_000).toLocaleString()})`}
          >
            Export CSV
          </a>
        )}
      </div>
      <QueryHints
        draft={draft}
        query={query}
        fields={fields}
        noHits={results !== null && results.total === 0 && !results.counting}
        onUseLucene={(lucene) => update({ q: lucene })}
      />
      <div className="toolbar">
        <TimePicker
          from={from}
          to={to}
          range={range}
          retentionDays={settings?.retentionDays}
          onApply={(f, t) => {
            if (f === from && t === to) setRuns((n) => n + 1);
            else update({ from: f, to: t });
          }}
        />
      </div>
      {share !== null && <ShareLink link={share} onClose={() => setShare(null)} />}
      {notice !== null && (
        <p className="notice" role="alert">
          {notice}
        </p>
      )}
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
          fields={fields}
          present={present}
          columns={columns}
          loadStats={loadStats}
          onFilter={filter}
          onToggleColumn={toggleColumn}
          onVisualize={visualize}
        />
        <section className={`results${running ? ' stale' : ''}`} aria-label="Results" aria-busy={running}>
          <ResultsStatus
            results={results}
            phase={phase}
            tail={tail}
            onCancel={cancelAll}
            tab={tab}
            onTab={(next) => update({ tab: next === 'logs' ? undefined : next })}
          />
          {results !== null && (
            <Histogram
              buckets={results.buckets}
              fromMs={results.range.fromMs}
              toMs={results.range.toMs}
              intervalMs={results.intervalMs}
              pendingBeforeMs={results.pendingBeforeMs}
              onZoom={(a, b) => update({ from: new Date(a).toISOString(), to: new Date(Math.min(b, Date.now())).toISOString() })}
              onZoomOut={() => update(zoomedOut(results.range.fromMs, results.range.toMs, Date.now(), endsNow))}
            />
          )}
          {anchor !== null ? (
            <SurroundingView anchor={anchor} columns={columns} onClose={() => setAnchor(null)} onFilter={filter} />
          ) : tab === 'patterns' ? (
            range !== undefined && (
              <PatternsTab
                query={query}
                range={range}
                onFilter={(pattern) => update({ q: query.trim() === '' ? pattern : `(${query.trim()}) AND ${pattern}`, tab: undefined })}
              />
            )
          ) : (
            results !== null && (
              <LogTable
                hits={results.hits}
                columns={columns}
                sort={sort}
                sortable={(field) =>
                  field === TIMESTAMP || fields.some((info) => info.name === field && aggregatableName(info) !== undefined)
                }
                onSort={onSort}
                hasMore={
                  results.total === undefined
                    ? results.hits.length > 0 && results.hits.length % 50 === 0
                    : results.hits.length < Math.min(results.total, 10_000)
                }
                loadMore={loadMore}
                onFilter={filter}
                onRemoveColumn={toggleColumn}
                onSurrounding={setAnchor}
              />
            )
          )}
        </section>
      </div>
    </div>
  );
}
