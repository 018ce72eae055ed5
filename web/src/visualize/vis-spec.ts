import { resolveRange, search, type SearchState } from '../search.js';
import { visDataOf, visSearchBody, visSpecProblem, type VisData, type VisSpec } from '../../../src/vis-model/index.js';

// The visualization model is shared with the server, which renders snapshots from it (decision 0670).
export {
  DEFAULT_SPEC,
  fromVisState,
  isDrawableVisState,
  overTime,
  toVisState,
  VIS_TYPES,
  type MetricType,
  type Series,
  type VisData,
  type VisSpec,
  type VisType,
} from '../../../src/vis-model/index.js';

/** Runs the spec's aggregation for a query and range through the web app's search route. */
export async function runVis(spec: VisSpec, state: SearchState, signal?: AbortSignal): Promise<VisData> {
  const range = resolveRange(state);
  if (range === undefined) throw new Error('The time range is not valid');
  const problem = visSpecProblem(spec);
  if (problem !== undefined) throw new Error(problem);
  const response = await search(visSearchBody(spec, state.query, range), range, signal);
  return visDataOf(spec, { total: response.hits.total, aggregations: response.aggregations }, range);
}
