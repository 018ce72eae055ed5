import { useEffect, useMemo, useState } from 'react';
import { SaveBar } from '../discover/SaveBar.js';
import { TimePicker } from '../discover/TimePicker.js';
import { navigate, useLocation, withParams } from '../router.js';
import { getSavedObject, listSavedObjects, queryOfSearchSource, saveObject, searchSourceJson, type SavedObject } from '../saved-objects.js';
import { aggregatableName, loadFields, resolveRange, type FieldInfo } from '../search.js';
import { canWrite, useSession } from '../session.js';
import { rememberView } from '../carry.js';
import { DEFAULT_FROM, DEFAULT_TO } from '../time.js';
import {
  DEFAULT_SPEC,
  fromVisState,
  isDrawableVisState,
  overTime,
  toVisState,
  VIS_TYPES,
  type MetricType,
  type VisSpec,
  type VisType,
} from './vis-spec.js';
import { VisPanel } from './VisPanel.js';
import { SnapshotPanel } from '../snapshots/SnapshotPanel.js';

interface VisAttributes {
  title: string;
  description: string;
  visState: string;
  uiStateJSON: string;
  kibanaSavedObjectMeta: { searchSourceJSON: string };
}

const METRICS: readonly MetricType[] = ['count', 'avg', 'sum', 'min', 'max', 'cardinality'];
const NUMERIC = new Set(['long', 'integer', 'short', 'byte', 'double', 'float']);

/** The type a visState names ('unknown' when it names none). */
function visTypeOf(visState: string): string {
  try {
    const type = (JSON.parse(visState) as { type?: unknown }).type;
    return typeof type === 'string' && type !== '' ? type : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The visualization editor: the spec and query live in the URL; saving stores Kibana's visState. */
export default function VisualizePage() {
  const session = useSession();
  const { path, params } = useLocation();
  const id = path.split('/')[3];
  const spec: VisSpec = useMemo(
    () => ({
      type: (params.get('type') as VisType | null) ?? DEFAULT_SPEC.type,
      metric: (params.get('metric') as MetricType | null) ?? DEFAULT_SPEC.metric,
      metricField: params.get('field') ?? '',
      split: params.get('split') ?? '',
      size: Number(params.get('size') ?? DEFAULT_SPEC.size),
    }),
    [params],
  );
  const query = params.get('q') ?? '';
  const from = params.get('from') ?? DEFAULT_FROM;
  const to = params.get('to') ?? DEFAULT_TO;
  const state = useMemo(() => ({ query, from, to }), [query, from, to]);
  const [draft, setDraft] = useState(query);
  const [fields, setFields] = useState<readonly FieldInfo[]>([]);
  const [saved, setSaved] = useState<SavedObject<VisAttributes> | null>(null);
  const [list, setList] = useState<readonly SavedObject[]>([]);
  // A saved visualization of a type the app cannot draw (area, markdown…, from Kibana): shown read-only, never
  // overwritten with another type.
  const foreign =
    saved !== null && saved.id === id && !isDrawableVisState(saved.attributes.visState) ? visTypeOf(saved.attributes.visState) : null;

  useEffect(() => setDraft(query), [query]);
  useEffect(() => rememberView({ from, to, q: query }), [from, to, query]);
  useEffect(() => {
    loadFields().then(setFields, () => setFields([]));
  }, []);

  const base = id === undefined ? '/app/visualize' : `/app/visualize/${id}`;
  const paramsOf = (s: VisSpec, q: string, f: string, t: string): Record<string, string> => ({
    type: s.type,
    metric: s.metric,
    field: s.metricField,
    split: s.split,
    size: String(s.size),
    q,
    from: f,
    to: t,
  });
  const update = (changes: Partial<VisSpec>, q = query, f = from, t = to): void =>
    navigate(withParams(base, paramsOf({ ...spec, ...changes }, q, f, t)), { replace: true });

  // Opening a saved visualization fills the URL with its spec.
  useEffect(() => {
    if (id === undefined || saved?.id === id) return;
    getSavedObject<VisAttributes>('visualization', id).then(
      (object) => {
        setSaved(object);
        const loaded = fromVisState(object.attributes.visState);
        navigate(
          withParams(`/app/visualize/${id}`, paramsOf(loaded, queryOfSearchSource(object.attributes.kibanaSavedObjectMeta), from, to)),
          { replace: true },
        );
      },
      () => setSaved(null),
    );
  }, [id]);

  const save = async (title: string, asNew: boolean): Promise<void> => {
    const attributes: VisAttributes = {
      title,
      description: saved?.attributes.description ?? '',
      visState: JSON.stringify(toVisState(title, spec)),
      uiStateJSON: '{}',
      kibanaSavedObjectMeta: { searchSourceJSON: searchSourceJson(query) },
    };
    const object = await saveObject('visualization', asNew ? undefined : saved?.id, attributes);
    setSaved(object);
    navigate(withParams(`/app/visualize/${object.id}`, paramsOf(spec, query, from, to)), { replace: true });
  };

  // A text field splits through its keyword twin (`host.keyword`), the name saved in Kibana's visState.
  const termFields = fields.flatMap((field) => {
    const name = aggregatableName(field);
    return name === undefined ? [] : [{ name, type: field.type }];
  });
  const numericFields = fields.filter((field) => NUMERIC.has(field.type));
  return (
    <div className="visualize">
      <h1>Visualize</h1>
      <SaveBar
        kind="visualization"
        saved={saved === null ? null : { id: saved.id, title: saved.attributes.title }}
        canWrite={canWrite(session) && foreign === null}
        onSave={save}
        onOpenList={() => listSavedObjects('visualization').then((page) => setList(page.objects))}
        list={list}
        onOpen={(openId) => {
          setSaved(null);
          navigate(`/app/visualize/${openId}`);
        }}
      />
      {foreign === null && (
        <>
          <form
            className="vis-editor"
            aria-label="Visualization"
            onSubmit={(event) => {
              event.preventDefault();
              update({}, draft);
            }}
          >
            <label>
              Chart
              <select aria-label="Chart" value={spec.type} onChange={(event) => update({ type: event.target.value as VisType })}>
                {VIS_TYPES.map(([type, label]) => (
                  <option key={type} value={type}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Metric
              <select aria-label="Metric" value={spec.metric} onChange={(event) => update({ metric: event.target.value as MetricType })}>
                {METRICS.map((metric) => (
                  <option key={metric}>{metric}</option>
                ))}
              </select>
            </label>
            {spec.metric !== 'count' && (
              <label>
                Of field
                <select aria-label="Of field" value={spec.metricField} onChange={(event) => update({ metricField: event.target.value })}>
                  <option value="">—</option>
                  {(spec.metric === 'cardinality' ? termFields : numericFields).map((field) => (
                    <option key={field.name}>{field.name}</option>
                  ))}
                </select>
              </label>
            )}
            {spec.type !== 'metric' && (
              <label>
                {overTime(spec.type) ? 'Split series by' : 'Split by'}
                <select aria-label="Split by" value={spec.split} onChange={(event) => update({ split: event.target.value })}>
                  <option value="">—</option>
                  {termFields.map((field) => (
                    <option key={field.name}>{field.name}</option>
                  ))}
                </select>
              </label>
            )}
            {spec.split !== '' && (
              <label>
                Top
                <input
                  type="number"
                  min={1}
                  max={50}
                  value={spec.size}
                  onChange={(event) => update({ size: Math.max(1, Math.min(50, Number(event.target.value))) })}
                />
              </label>
            )}
            <label className="grow">
              Query
              <input
                aria-label="Visualization query"
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                placeholder="Lucene query (empty: all logs)"
              />
            </label>
            <button type="submit">Apply</button>
          </form>
        </>
      )}
      <TimePicker from={from} to={to} range={resolveRange(state)} onApply={(f, t) => update({}, query, f, t)} />
      {saved !== null && canWrite(session) && <SnapshotPanel type="VISUALIZATION" objectId={saved.id} state={state} />}
      {foreign !== null ? (
        <p className="notice" role="note">
          “{saved?.attributes.title}” is a {foreign} visualization, which this app cannot draw: it is shown read-only and saving is off, so
          it is never overwritten with another type. Export it from Saved objects to edit it elsewhere.
        </p>
      ) : (
        <section className="vis-preview" aria-label="Preview">
          <VisPanel spec={spec} state={state} title={saved?.attributes.title ?? 'Preview'} />
        </section>
      )}
    </div>
  );
}
