import { Type, type Static } from '@sinclair/typebox';
import type { RulePreview } from '../../../detection/index.js';
import { SEVERITIES } from '../../../shared/severity.js';

/** Firings a preview answer lists at most (newest first); `truncated` says when there were more. */
export const MAX_PREVIEW_FIRINGS = 1_000;

const PreviewFiring = Type.Object({
  windowStart: Type.String({ description: 'ISO 8601 UTC start of the window that would have fired' }),
  windowEnd: Type.String({ description: 'ISO 8601 UTC end of that window (when the evaluator judges it)' }),
  severity: Type.Union(
    SEVERITIES.map((severity) => Type.Literal(severity)),
    { description: 'The highest severity tier met' },
  ),
  value: Type.Number({ description: "The aggregation's value (the first sub-component's for a correlation)" }),
  threshold: Type.Number({ description: 'The threshold of the tier met' }),
  group: Type.Record(Type.String(), Type.String(), { description: 'The groupBy fields and their values ({} without groupBy)' }),
});

export const AlertPreviewResponse = Type.Object(
  {
    from: Type.String({ description: 'ISO 8601 UTC start of the span judged: 24 hours before `to` unless complete is false' }),
    to: Type.String({ description: 'ISO 8601 UTC: the newest window judged ends here' }),
    windowMinutes: Type.Integer({ description: "The alert's search window" }),
    complete: Type.Boolean({
      description:
        'false: the preview ran out of its 25-s budget (its searches yield to interactive ones) and judged only the newest windows, from `from`',
    }),
    windowsOnGrid: Type.Integer({ description: 'Windows the evaluator judges in those 24 hours' }),
    windowsJudged: Type.Integer({ description: 'Windows the preview judged (every window when exact, else at most 288)' }),
    stride: Type.Integer({ description: 'Every stride-th window of the grid was judged; 1: every window, as the evaluator does' }),
    method: Type.Union([Type.Literal('exact'), Type.Literal('stride')], {
      description:
        'exact: every window of the grid, computed from per-interval partials of the measure (COUNT, SUM, MIN, MAX, AVG, PERCENTAGE); stride: each judged window searched on its own, every stride-th one',
    }),
    truncated: Type.Boolean({ description: 'More firings than the 1,000 listed' }),
    firings: Type.Array(PreviewFiring, { description: 'Newest first: the firings the alert would have made (once per incident)' }),
  },
  { description: 'What an alert would have fired over the last 24 hours; nothing was recorded or sent' },
);
export type AlertPreviewResponse = Static<typeof AlertPreviewResponse>;

export function previewToWire(preview: RulePreview, windowMinutes: number): AlertPreviewResponse {
  return {
    from: new Date(preview.fromMs).toISOString(),
    to: new Date(preview.toMs).toISOString(),
    windowMinutes,
    complete: preview.complete,
    windowsOnGrid: preview.windowsOnGrid,
    windowsJudged: preview.windowsJudged,
    stride: preview.stride,
    method: preview.method,
    truncated: preview.firings.length > MAX_PREVIEW_FIRINGS,
    firings: preview.firings.slice(0, MAX_PREVIEW_FIRINGS).map((firing) => ({
      windowStart: new Date(firing.windowStartMs).toISOString(),
      windowEnd: new Date(firing.windowEndMs).toISOString(),
      severity: firing.severity,
      value: firing.value,
      threshold: firing.threshold,
      group: { ...firing.group },
    })),
  };
}
