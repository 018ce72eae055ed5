import { useQuery } from '@tanstack/react-query';
import { messageOf } from '../common/errors.js';
import { aggregatableName, loadFields, queryOf, search, type Bucket } from '../search.js';
import type { AlertFormValues } from './alert-model.js';
import { episodesOf, firingsOf, minuteMetricAgg, MINUTE_MS, PREVIEW_HOURS, previewable, type PreviewFiring } from './alert-preview.js';
import { AppLink } from '../common/SubNav.js';

const HOUR_MS = 3_600_000;

/**
 * Runs the alert's query over the last 24 hours in windows of its search window and draws the windows in which it
 * would have fired (decision 0687: back-to-back windows, where the evaluator slides one a minute).
 */
export function AlertPreview({ values }: { values: AlertFormValues }) {
  const sub = values.subs[0];
  const windowMinutes = Math.max(1, Math.floor(Number(values.windowMinutes)));
  const preview = useQuery({
    queryKey: ['alert-preview', values],
    enabled: sub !== undefined && previewable(sub),
    staleTime: 0,
    queryFn: async ({ signal }) => {
      if (sub === undefined) return { firings: [], fromMs: 0, toMs: 0 };
      // The evaluator's newest window ends on the last whole minute; the first judged one ends 24 h before it.
      const toMs = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;
      const firstEndMs = toMs - PREVIEW_HOURS * HOUR_MS + MINUTE_MS;
      const fromMs = firstEndMs - windowMinutes * MINUTE_MS;
      const range = { fromMs, toMs };
      const groupField = sub.groupBy.split(',')[0]?.trim() ?? '';
      let groupAgg: string | undefined;
      if (groupField !== '') {
        const fields = await loadFields();
        const info = fields.find((field) => field.name === groupField);
        groupAgg = info === undefined ? groupField : (aggregatableName(info) ?? groupField);
      }
      const metric = minuteMetricAgg(sub);
      const inner = metric === undefined ? {} : { aggs: { metric } };
      const answer = await search(
        {
          size: 0,
          track_total_hits: false,
          query: queryOf(sub.query.trim() === '*' ? '' : sub.query, range),
          aggs: {
            minutes: {
              date_histogram: {
                field: '@timestamp',
                fixed_interval: '1m',
                min_doc_count: 0,
                extended_bounds: { min: fromMs, max: toMs - 1 },
              },
              aggs: groupAgg === undefined ? (inner.aggs ?? {}) : { groups: { terms: { field: groupAgg, size: 50 }, ...inner } },
            },
          },
        },
        range,
        signal,
      );
      const buckets = (answer.aggregations?.minutes as { buckets?: Bucket[] } | undefined)?.buckets ?? [];
      return { firings: firingsOf(buckets, sub, windowMinutes, groupAgg !== undefined, firstEndMs), fromMs: firstEndMs, toMs };
    },
  });

  if (sub === undefined) return null;
  return (
    <section className="preview" aria-labelledby="preview-title">
      <h2 id="preview-title">Preview: the last {PREVIEW_HOURS} hours</h2>
      {!previewable(sub) ? (
        <p className="notice">The preview computes COUNT, SUM, MIN, MAX and AVG; this alert's aggregation is not previewed.</p>
      ) : preview.isPending ? (
        <p className="spinner" role="status">
          Running the alert over the last {PREVIEW_HOURS} hours…
        </p>
      ) : preview.isError ? (
        <p className="error" role="alert">
          {messageOf(preview.error)}
        </p>
      ) : (
        <PreviewResult firings={preview.data.firings} fromMs={preview.data.fromMs} toMs={preview.data.toMs} query={sub.query} />
      )}
      {values.subs.length > 1 && <p className="muted">Only the first query is previewed; the correlation is not.</p>}
    </section>
  );
}

function PreviewResult({
  firings,
  fromMs,
  toMs,
  query,
}: {
  firings: readonly PreviewFiring[];
  fromMs: number;
  toMs: number;
  query: string;
}) {
  const span = toMs - fromMs;
  const episodes = episodesOf(firings);
  return (
    <>
      <p role="status" data-testid="preview-summary">
        {firings.length === 0
          ? 'Would not have fired in the last 24 hours.'
          : `Would have fired in ${firings.length} one-minute evaluations (${episodes} ${episodes === 1 ? 'episode' : 'episodes'}); newest: ${firings[0]?.severity ?? ''} at ${firings[0]?.group === '' ? 'value' : `${firings[0]?.group ?? ''}, value`} ${firings[0]?.value ?? ''}.`}
      </p>
      <svg className="timeline" viewBox="0 0 1000 30" preserveAspectRatio="none" role="img" aria-label="When the alert would have fired">
        <rect x="0" y="0" width="1000" height="30" className="track" />
        {firings.map((firing) => (
          <rect
            key={`${firing.endMs}-${firing.group}`}
            x={((firing.endMs - fromMs) / span) * 1000 - 1}
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
              {firings.slice(0, 50).map((firing) => (
                <tr key={`${firing.endMs}-${firing.group}`}>
                  <td>
                    {new Date(firing.startMs).toLocaleTimeString()}–{new Date(firing.endMs).toLocaleTimeString()}
                  </td>
                  <td>{firing.group === '' ? '—' : firing.group}</td>
                  <td>{firing.value}</td>
                  <td>{firing.severity}</td>
                  <td>
                    <AppLink
                      href={`/app/discover?${new URLSearchParams({ from: new Date(firing.startMs).toISOString(), to: new Date(firing.endMs).toISOString(), q: query }).toString()}`}
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
