import {
  allOf,
  dashboardPanelsOf,
  fromVisState,
  isDrawableVisState,
  queryOf,
  queryOfSearchSource,
  visDataOf,
  visSearchBody,
  visSpecProblem,
  type TimeRange,
} from '../../vis-model/index.js';
import { isAppError } from '../../shared/app-error.js';
import type { Principal } from '../../shared/principal.js';
import type { LogSearchResult } from '../../storage/log-searcher.js';
import type { SavedObject } from '../saved-objects/index.js';
import type { PanelContent, RenderedPanel } from './render/render-snapshot.js';

export interface PanelSources {
  readonly getSavedObject: (principal: Principal, type: 'dashboard' | 'visualization' | 'search', id: string) => Promise<SavedObject>;
  /** An Elasticsearch search body over the range, as the account's API tokens would run it. */
  readonly search: (principal: Principal, range: TimeRange, body: Record<string, unknown>, signal: AbortSignal) => Promise<LogSearchResult>;
}

/** Lines of logs a saved-search panel prints. */
const LOG_LINES = 12;

const titleOf = (object: SavedObject): string => (typeof object.attributes.title === 'string' ? object.attributes.title : object.id);

/** A panel whose query the engine refuses (bad syntax, a range before retention) says why rather than failing all. */
async function orNotice(work: () => Promise<PanelContent>): Promise<PanelContent> {
  try {
    return await work();
  } catch (error) {
    if (isAppError(error) && error.code === 'invalid_argument') return { kind: 'notice', text: error.message };
    throw error;
  }
}

function logLine(source: Readonly<Record<string, unknown>> | null, columns: readonly string[], format: Intl.DateTimeFormat): string {
  if (source === null) return '';
  const at = typeof source['@timestamp'] === 'string' ? format.format(new Date(source['@timestamp'])) : '';
  const shown = columns.filter((column) => column !== '_source' && source[column] !== undefined);
  const body =
    shown.length > 0
      ? shown
          .map((column) => `${column}: ${typeof source[column] === 'string' ? String(source[column]) : JSON.stringify(source[column])}`)
          .join('  ')
      : typeof source.message === 'string'
        ? source.message
        : JSON.stringify(source);
  return `${at}  ${body}`;
}

async function contentOf(
  sources: PanelSources,
  principal: Principal,
  object: SavedObject,
  outerQuery: string,
  range: TimeRange,
  timeZone: string,
  signal: AbortSignal,
): Promise<PanelContent> {
  const query = allOf([outerQuery, queryOfSearchSource(object.attributes.kibanaSavedObjectMeta)]);
  if (object.type === 'search') {
    return orNotice(async () => {
      const result = await sources.search(
        principal,
        range,
        { query: queryOf(query, range), size: LOG_LINES, sort: [{ '@timestamp': { order: 'desc' } }], track_total_hits: true },
        signal,
      );
      const columns = Array.isArray(object.attributes.columns) ? object.attributes.columns.map(String) : [];
      const format = new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'short', timeStyle: 'medium' });
      return { kind: 'logs', total: result.total, lines: result.hits.map((hit) => logLine(hit.source, columns, format)) };
    });
  }
  const visState = String(object.attributes.visState ?? '{}');
  if (!isDrawableVisState(visState)) return { kind: 'notice', text: 'This visualization type is not drawn in snapshots yet.' };
  const spec = fromVisState(visState);
  const problem = visSpecProblem(spec);
  if (problem !== undefined) return { kind: 'notice', text: problem };
  return orNotice(async () => {
    const result = await sources.search(principal, range, visSearchBody(spec, query, range), signal);
    return { kind: 'vis', spec, data: visDataOf(spec, { total: result.total, aggregations: result.aggregations ?? undefined }, range) };
  });
}

/**
 * The panels of a dashboard (each object it shows, searched with the dashboard's and the snapshot's queries) or
 * the one panel of a visualization. A panel whose object was deleted says so; `progress` is told as panels finish.
 */
export async function panelsOf(
  sources: PanelSources,
  principal: Principal,
  object: SavedObject,
  input: { readonly query: string; readonly range: TimeRange; readonly timeZone: string; readonly signal: AbortSignal },
  progress: (done: number, total: number) => Promise<void>,
): Promise<RenderedPanel[]> {
  if (object.type === 'visualization') {
    const content = await contentOf(sources, principal, object, input.query, input.range, input.timeZone, input.signal);
    return [{ title: titleOf(object), grid: { x: 0, y: 0, w: 48, h: 18, i: '1' }, content }];
  }
  const outer = allOf([queryOfSearchSource(object.attributes.kibanaSavedObjectMeta), input.query]);
  const panels = dashboardPanelsOf(object.attributes.panelsJSON, object.references);
  let done = 0;
  return Promise.all(
    panels.map(async (panel): Promise<RenderedPanel> => {
      let shown: SavedObject | undefined;
      try {
        shown = await sources.getSavedObject(principal, panel.type, panel.id);
      } catch (error) {
        if (!(isAppError(error) && error.code === 'not_found')) throw error;
      }
      const rendered: RenderedPanel =
        shown === undefined
          ? {
              title: 'Missing object',
              grid: panel.gridData,
              content: { kind: 'notice', text: `The ${panel.type} ${panel.id} was deleted.` },
            }
          : {
              title: titleOf(shown),
              grid: panel.gridData,
              content: await contentOf(sources, principal, shown, outer, input.range, input.timeZone, input.signal),
            };
      done += 1;
      await progress(done, panels.length);
      return rendered;
    }),
  );
}
