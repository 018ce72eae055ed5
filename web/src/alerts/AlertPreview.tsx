import { useQuery } from '@tanstack/react-query';
import { api } from '../api.js';
import { messageOf } from '../common/errors.js';
import { AppLink } from '../common/SubNav.js';
import { discoverLinkOf, requestOfForm, type AlertFormValues, type AlertPreviewAnswer, type PreviewFiring } from './alert-model.js';

const PREVIEW_HOURS = 24;
/** Rows the table shows; the timeline draws every firing. */
const ROWS = 50;

const groupText = (firing: PreviewFiring): string => Object.values(firing.group).join(', ');

/**
 * Runs the alert as the form holds it over the last 24 hours on the server, with the evaluator's own windows and
 * judgement (decision 0678), and draws when it would have fired. Every aggregation, sub-component and correlation.
 */
export function AlertPreview({ values }: { values: AlertFormValues }) {
  const request = requestOfForm(values);
  const preview = useQuery({
    queryKey: ['alert-preview', request],
    staleTime: 0,
    queryFn: ({ signal }) => api<AlertPreviewAnswer>('POST', '/v2/alerts/preview', request, signal),
  });

  return (
    <section className="preview" aria-labelledby="preview-title">
      <h2 id="preview-title">Preview: the last {PREVIEW_HOURS} hours</h2>
      {preview.isPending ? (
        <p className="spinner" role="status">
          Running the alert over the last {PREVIEW_HOURS} hours…
        </p>
      ) : preview.isError ? (
        <p className="error" role="alert">
          {messageOf(preview.error)}
        </p>
      ) : (
        <PreviewResult answer={preview.data} request={request} />
      )}
    </section>
  );
}

function PreviewResult({ answer, request }: { answer: AlertPreviewAnswer; request: ReturnType<typeof requestOfForm> }) {
  const fromMs = Date.parse(answer.from);
  const toMs = Date.parse(answer.to);
  const span = Math.max(1, toMs - fromMs);
  const { firings } = answer;
  const newest = firings[0];
  return (
    <>
      <p role="status" data-testid="preview-summary">
        {newest === undefined
          ? `Would not have fired in the last ${PREVIEW_HOURS} hours.`
          : `Would have fired ${firings.length}${answer.truncated ? '+' : ''} ${firings.length === 1 ? 'time' : 'times'}; newest: ${newest.severity} at ${Object.keys(newest.group).length > 0 ? `${groupText(newest)}, value` : 'value'} ${newest.value}.`}
      </p>
      {!answer.complete && (
        <p className="notice" data-testid="preview-partial">
          The store was busy: the preview judged only the windows since {new Date(fromMs).toLocaleString()} in its time budget.
        </p>
      )}
      {answer.method === 'exact' && (
        <p className="muted" data-testid="preview-exact">
          Every one of the {answer.windowsOnGrid} evaluation windows was judged, as the alert itself judges them.
        </p>
      )}
      {answer.method !== 'exact' && answer.stride > 1 && (
        <p className="muted" data-testid="preview-bound">
          To bound its cost the preview judged one evaluation window in {answer.stride} ({answer.windowsJudged} of {answer.windowsOnGrid},
          the newest included); the alert itself judges every one, so it may also fire where the preview shows nothing.
        </p>
      )}
      <svg className="timeline" viewBox="0 0 1000 30" preserveAspectRatio="none" role="img" aria-label="When the alert would have fired">
        <rect x="0" y="0" width="1000" height="30" className="track" />
        {firings.map((firing) => (
          <rect
            key={`${firing.windowEnd}-${groupText(firing)}`}
            x={Math.min(998, ((Date.parse(firing.windowEnd) - fromMs) / span) * 1000 - 1)}
            y="0"
            width={2}
            height="30"
            className={`fired severity-${firing.severity.toLowerCase()}`}
          />
        ))}
      </svg>
      <div className="timeline-axis muted">
        <span>{new Date(fromMs).toLocaleString()}</span>
        <span>now</span>
      </div>
      {firings.length > 0 && (
        <div className="table-wrap">
          <table className="list" data-testid="preview-firings">
            <caption className="visually-hidden">Windows in which the alert would have fired</caption>
            <thead>
              <tr>
                <th scope="col">Window</th>
                <th scope="col">Group</th>
                <th scope="col">Value</th>
                <th scope="col">Severity</th>
                <th scope="col">Logs</th>
              </tr>
            </thead>
            <tbody>
              {firings.slice(0, ROWS).map((firing) => (
                <tr key={`${firing.windowEnd}-${groupText(firing)}`}>
                  <td>
                    {new Date(firing.windowStart).toLocaleTimeString()}–{new Date(firing.windowEnd).toLocaleTimeString()}
                  </td>
                  <td>
                    {Object.keys(firing.group).length === 0
                      ? '—'
                      : Object.entries(firing.group)
                          .map(([field, value]) => `${field}: ${value}`)
                          .join(', ')}
                  </td>
                  <td>{firing.value}</td>
                  <td>{firing.severity}</td>
                  <td>
                    <AppLink
                      href={discoverLinkOf(
                        {
                          groupBy: firing.group,
                          alertWindowStartDate: Date.parse(firing.windowStart) / 1000,
                          alertWindowEndDate: Date.parse(firing.windowEnd) / 1000,
                        },
                        request,
                      )}
                    >
                      View logs
                    </AppLink>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
