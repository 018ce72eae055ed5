import { useEffect, useMemo, useState } from 'react';
import { rememberView } from '../carry.js';
import { SaveBar } from '../discover/SaveBar.js';
import { TimePicker } from '../discover/TimePicker.js';
import { navigate, useLocation, withParams } from '../router.js';
import {
  getSavedObject,
  listSavedObjects,
  queryOfSearchSource,
  saveObject,
  searchSourceJson,
  type Reference,
  type SavedObject,
} from '../saved-objects.js';
import { resolveRange, type SearchState } from '../search.js';
import { canWrite, useSession } from '../session.js';
import { DEFAULT_FROM, DEFAULT_TO } from '../time.js';
import { PanelGrid } from './PanelGrid.js';
import { SearchPanel } from './SearchPanel.js';
import { fromVisState, isDrawableVisState } from './vis-spec.js';
import { VisPanel } from './VisPanel.js';
import { SnapshotPanel } from '../snapshots/SnapshotPanel.js';
import { dashboardPanelsOf, type DashboardPanel } from '../../../src/vis-model/index.js';

/** A panel as Kibana keeps it in panelsJSON (the shared model's, which snapshots render too). */
type Panel = DashboardPanel;

interface DashboardAttributes {
  title: string;
  description: string;
  panelsJSON: string;
  optionsJSON: string;
  timeRestore: boolean;
  timeFrom: string;
  timeTo: string;
  refreshInterval: { pause: boolean; value: number };
  kibanaSavedObjectMeta: { searchSourceJSON: string };
}

function panelsOf(object: SavedObject<DashboardAttributes>): Panel[] {
  return dashboardPanelsOf(object.attributes.panelsJSON, object.references);
}

/** One panel: loads its saved object and draws it with the dashboard's query and range. */
function DashboardPanel(props: { panel: Panel; state: SearchState; onRemove?: (() => void) | undefined }) {
  const [object, setObject] = useState<SavedObject | null>(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    getSavedObject<Record<string, unknown>>(props.panel.type, props.panel.id).then(setObject, () => setMissing(true));
  }, [props.panel.type, props.panel.id]);
  const spec = useMemo(() => (object === null ? null : fromVisState(String(object.attributes.visState ?? '{}'))), [object]);
  const drawable = object === null || isDrawableVisState(String(object.attributes.visState ?? '{}'));
  const own = object === null ? '' : queryOfSearchSource(object.attributes.kibanaSavedObjectMeta);
  const state = useMemo(() => {
    const query = [own, props.state.query]
      .filter((q) => q.trim() !== '')
      .map((q) => `(${q})`)
      .join(' AND ');
    return { ...props.state, query };
  }, [own, props.state]);
  const title = missing ? 'Missing object' : (object?.attributes.title ?? '…');
  const opens =
    props.panel.type === 'visualization'
      ? withParams(`/app/visualize/${encodeURIComponent(props.panel.id)}`, {
          q: props.state.query,
          from: props.state.from,
          to: props.state.to,
        })
      : withParams('/app/discover', { saved: props.panel.id, from: props.state.from, to: props.state.to });
  return (
    <section className="panel" aria-label={object?.attributes.title ?? 'Panel'}>
      <header className="panel-drag" title={props.onRemove === undefined ? undefined : 'Drag to move; drag the corner to resize'}>
        <h2>
          <a
            href={opens}
            title={`Open this ${props.panel.type === 'visualization' ? 'visualization' : 'saved search'}`}
            onClick={(event) => {
              event.preventDefault();
              navigate(opens);
            }}
          >
            {title}
          </a>
        </h2>
        {props.onRemove !== undefined && (
          <button type="button" className="icon" aria-label={`Remove panel ${object?.attributes.title ?? ''}`} onClick={props.onRemove}>
            ×
          </button>
        )}
      </header>
      {object !== null && props.panel.type === 'visualization' && spec !== null && drawable && (
        <VisPanel spec={spec} state={state} title={object.attributes.title} />
      )}
      {object !== null && props.panel.type === 'visualization' && !drawable && (
        <p className="muted" role="note">
          A visualization type this app cannot draw; it is kept as it was.
        </p>
      )}
      {object !== null && props.panel.type === 'search' && (
        <SearchPanel query={own} columns={(object.attributes.columns as string[] | undefined) ?? []} state={props.state} />
      )}
    </section>
  );
}

/** Auto-refresh choices, as Kibana offers them. */
const REFRESH_CHOICES: readonly [string, number][] = [
  ['Off', 0],
  ['10 seconds', 10_000],
  ['30 seconds', 30_000],
  ['1 minute', 60_000],
  ['5 minutes', 300_000],
];

function nextPanel(panels: readonly Panel[], type: Panel['type'], id: string): Panel {
  const index = String(Math.max(0, ...panels.map((panel) => Number(panel.panelIndex) || 0)) + 1);
  const count = panels.length;
  return { panelIndex: index, type, id, gridData: { x: (count % 2) * 24, y: Math.floor(count / 2) * 15, w: 24, h: 15, i: index } };
}

/** Dashboards: a list, and a grid of panels sharing one query and time range; both live in the URL. */
export default function DashboardsPage() {
  const session = useSession();
  const { path, params } = useLocation();
  const id = path.split('/')[3];
  const query = params.get('q') ?? '';
  const from = params.get('from') ?? DEFAULT_FROM;
  const to = params.get('to') ?? DEFAULT_TO;
  const refreshMs = Number(params.get('refresh') ?? '0') || 0;
  const [tick, setTick] = useState(0);
  // A new state object each refresh tick: every panel reruns its search, all at once.
  const state = useMemo(() => ({ query, from, to }), [query, from, to, tick]);
  const [draft, setDraft] = useState(query);
  const [saved, setSaved] = useState<SavedObject<DashboardAttributes> | null>(null);
  const [panels, setPanels] = useState<readonly Panel[]>([]);
  const [dashboards, setDashboards] = useState<readonly SavedObject[]>([]);
  const [choices, setChoices] = useState<readonly SavedObject[]>([]);
  const [adding, setAdding] = useState(false);
  const base = id === undefined ? '/app/dashboards/new' : `/app/dashboards/${id}`;
  const update = (changes: Partial<SearchState> & { refresh?: string }): void => {
    const next = { ...state, ...changes };
    navigate(
      withParams(base, {
        q: next.query,
        from: next.from,
        to: next.to,
        refresh: changes.refresh ?? (refreshMs === 0 ? undefined : String(refreshMs)),
      }),
      {
        replace: true,
      },
    );
  };

  useEffect(() => rememberView({ from, to, q: query }), [from, to, query]);
  useEffect(() => {
    if (refreshMs <= 0) return;
    const timer = window.setInterval(() => setTick((n) => n + 1), refreshMs);
    return () => window.clearInterval(timer);
  }, [refreshMs]);

  useEffect(() => setDraft(query), [query]);
  useEffect(() => {
    if (id === undefined)
      listSavedObjects('dashboard').then(
        (page) => setDashboards(page.objects),
        () => setDashboards([]),
      );
  }, [id]);
  useEffect(() => {
    if (id === undefined || id === 'new' || saved?.id === id) return;
    getSavedObject<DashboardAttributes>('dashboard', id).then(
      (object) => {
        setSaved(object);
        setPanels(panelsOf(object));
        const refresh = object.attributes.refreshInterval;
        if (object.attributes.timeRestore && !params.has('from'))
          navigate(
            withParams(`/app/dashboards/${id}`, {
              q: queryOfSearchSource(object.attributes.kibanaSavedObjectMeta),
              from: object.attributes.timeFrom,
              to: object.attributes.timeTo,
              refresh: refresh !== undefined && !refresh.pause && refresh.value > 0 ? String(refresh.value) : undefined,
            }),
            { replace: true },
          );
      },
      () => setSaved(null),
    );
  }, [id, saved?.id, params]);

  if (id === undefined)
    return (
      <div className="dashboards">
        <h1>Dashboards</h1>
        <button type="button" className="primary" onClick={() => navigate('/app/dashboards/new')}>
          New dashboard
        </button>
        <ul className="object-list" aria-label="Saved dashboards">
          {dashboards.length === 0 && <li className="muted">No dashboards yet</li>}
          {dashboards.map((dashboard) => (
            <li key={dashboard.id}>
              <a
                href={`/app/dashboards/${dashboard.id}`}
                onClick={(event) => {
                  event.preventDefault();
                  navigate(`/app/dashboards/${dashboard.id}`);
                }}
              >
                {dashboard.attributes.title}
              </a>
            </li>
          ))}
        </ul>
      </div>
    );

  const save = async (title: string, asNew: boolean): Promise<void> => {
    const references: Reference[] = panels.map((panel, index) => ({ name: `panel_${index}`, type: panel.type, id: panel.id }));
    const attributes: DashboardAttributes = {
      title,
      description: saved?.attributes.description ?? '',
      panelsJSON: JSON.stringify(
        panels.map((panel, index) => ({
          version: '7.2.1',
          type: panel.type,
          gridData: panel.gridData,
          panelIndex: panel.panelIndex,
          embeddableConfig: {},
          panelRefName: `panel_${index}`,
        })),
      ),
      optionsJSON: JSON.stringify({ hidePanelTitles: false, useMargins: true }),
      timeRestore: true,
      timeFrom: from,
      timeTo: to,
      refreshInterval: { pause: refreshMs === 0, value: refreshMs },
      kibanaSavedObjectMeta: { searchSourceJSON: searchSourceJson(query) },
    };
    const object = await saveObject('dashboard', asNew ? undefined : saved?.id, attributes, references);
    setSaved(object);
    navigate(withParams(`/app/dashboards/${object.id}`, { q: query, from, to, refresh: refreshMs === 0 ? undefined : String(refreshMs) }), {
      replace: true,
    });
  };

  const openChoices = async (): Promise<void> => {
    setAdding(!adding);
    const [visualizations, searches] = await Promise.all([listSavedObjects('visualization'), listSavedObjects('search')]);
    setChoices([...visualizations.objects, ...searches.objects]);
  };

  return (
    <div className="dashboard">
      <SaveBar
        kind="dashboard"
        saved={saved === null ? null : { id: saved.id, title: saved.attributes.title }}
        canWrite={canWrite(session)}
        onSave={save}
        onOpenList={() => listSavedObjects('dashboard').then((page) => setDashboards(page.objects))}
        list={dashboards}
        onOpen={(openId) => {
          setSaved(null);
          navigate(`/app/dashboards/${openId}`);
        }}
      />
      <form
        className="toolbar"
        onSubmit={(event) => {
          event.preventDefault();
          update({ query: draft });
        }}
      >
        <input
          className="grow"
          aria-label="Dashboard query"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Query for every panel"
        />
        <button type="submit">Apply</button>
        {canWrite(session) && (
          <button type="button" aria-expanded={adding} onClick={() => void openChoices()}>
            Add panel
          </button>
        )}
      </form>
      {adding && (
        <ul className="open-list" aria-label="Objects to add">
          {choices.length === 0 && <li className="muted">Save a visualization or a search first</li>}
          {choices.map((choice) => (
            <li key={`${choice.type}:${choice.id}`}>
              <button
                type="button"
                onClick={() => {
                  setPanels([...panels, nextPanel(panels, choice.type === 'search' ? 'search' : 'visualization', choice.id)]);
                  setAdding(false);
                }}
              >
                {choice.attributes.title} <small>({choice.type})</small>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="toolbar">
        <TimePicker from={from} to={to} range={resolveRange(state)} onApply={(f, t) => update({ from: f, to: t })} />
        <label>
          Refresh every{' '}
          <select
            aria-label="Auto-refresh"
            value={String(refreshMs)}
            onChange={(event) => update({ refresh: event.target.value === '0' ? '' : event.target.value })}
          >
            {REFRESH_CHOICES.map(([label, ms]) => (
              <option key={ms} value={String(ms)}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {saved !== null && canWrite(session) && <SnapshotPanel type="DASHBOARD" objectId={saved.id} state={state} />}
      <PanelGrid
        panels={panels}
        editable={canWrite(session)}
        onPlaced={(panelIndex, place) =>
          setPanels((current) =>
            current.map((panel) => (panel.panelIndex === panelIndex ? { ...panel, gridData: { ...panel.gridData, ...place } } : panel)),
          )
        }
        render={(panel) => (
          <DashboardPanel
            panel={panel}
            state={state}
            onRemove={
              canWrite(session) ? () => setPanels((current) => current.filter((p) => p.panelIndex !== panel.panelIndex)) : undefined
            }
          />
        )}
      />
    </div>
  );
}
