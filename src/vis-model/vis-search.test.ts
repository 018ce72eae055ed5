import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fromVisState, toVisState, type VisSpec } from './vis-spec.js';
import { chartOption } from './vis-chart.js';
import { formatMetric, histogramAgg, visDataOf, visSearchBody, type VisBucket } from './vis-search.js';

const RANGE = { fromMs: Date.UTC(2026, 11, 7, 8), toMs: Date.UTC(2026, 11, 7, 9) };

describe('the shared visualization model', () => {
  it("keeps a spec through Kibana's visState", () => {
    const spec: VisSpec = { type: 'pie', metric: 'avg', metricField: 'latency', split: 'host', size: 7 };
    assert.deepEqual(fromVisState(JSON.stringify(toVisState('t', spec))), spec);
    assert.equal(fromVisState('not json').type, 'histogram');
  });

  it('counts the total exactly only where it is drawn, and reads split series over time', () => {
    const count = (type: VisSpec['type'], split: string) =>
      visSearchBody({ type, metric: 'count', metricField: '', split, size: 5 }, '', RANGE).track_total_hits;
    assert.equal(count('metric', ''), true, 'a count metric above 10,000 is not cut');
    assert.equal(count('metric', 'level'), true, 'a metric panel draws the total whatever its split');
    assert.equal(count('table', ''), true, 'a table without a split draws the total');
    assert.equal(count('table', 'level'), false, "a split table's rows carry their own counts");
    assert.equal(count('line', ''), false, 'a chart over time draws its buckets');
    assert.equal(count('pie', 'level'), false);
    assert.equal(
      visSearchBody({ type: 'metric', metric: 'avg', metricField: 'ms', split: '', size: 5 }, '', RANGE).track_total_hits,
      false,
      'an average is not a count',
    );
    const spec: VisSpec = { type: 'line', metric: 'count', metricField: '', split: 'level', size: 5 };
    const body = visSearchBody(spec, 'host:web-1', RANGE);
    assert.deepEqual(Object.keys((body.aggs as Record<string, unknown>).split as object), ['terms', 'aggs']);
    const data = visDataOf(spec, {
      total: 12_345,
      aggregations: { split: { buckets: [{ key: 'error', doc_count: 3, time: { buckets: [{ key: RANGE.fromMs, doc_count: 3 }] } }] } },
    });
    assert.equal(data.value, 12_345);
    assert.deepEqual(data.series, [{ name: 'error', points: [[RANGE.fromMs, 3]] }]);
  });

  describe('hours without logs', () => {
    const DAY = { fromMs: Date.UTC(2026, 11, 6, 12), toMs: Date.UTC(2026, 11, 7, 12) };
    const HALF_HOUR = 1_800_000;
    const keys = Array.from({ length: 48 }, (_, i) => DAY.fromMs + i * HALF_HOUR);
    /** Buckets of logs except over the five hours from 20:00, which the answer leaves out entirely. */
    const gapped = (extra: (key: number) => Record<string, unknown>): VisBucket[] =>
      keys
        .filter((key) => key < DAY.fromMs + 8 * 3_600_000 || key >= DAY.fromMs + 13 * 3_600_000)
        .map((key) => ({ key, doc_count: 4, ...extra(key) }));

    it('asks for every bucket of the range, empty ones too', () => {
      const agg = histogramAgg(DAY).agg.date_histogram as Record<string, unknown>;
      assert.equal(agg.min_doc_count, 0);
      assert.deepEqual(agg.extended_bounds, { min: DAY.fromMs, max: DAY.toMs - 1 });
    });

    it('draws a count as 0 over the hours the answer left out, not as a segment joining their neighbours', () => {
      const spec: VisSpec = { type: 'line', metric: 'count', metricField: '', split: '', size: 5 };
      const data = visDataOf(spec, { total: 152, aggregations: { time: { buckets: gapped(() => ({})) } } }, DAY);
      const points = data.series[0]?.points ?? [];
      assert.deepEqual(
        points.map(([key]) => key),
        keys,
        'one point per half hour of the day',
      );
      const gap = points.filter(([key]) => Number(key) >= DAY.fromMs + 8 * 3_600_000 && Number(key) < DAY.fromMs + 13 * 3_600_000);
      assert.equal(gap.length, 10);
      assert.ok(gap.every(([, value]) => value === 0));
      assert.equal(points[0]?.[1], 4);
    });

    it('breaks a metric line over empty buckets (answered or left out) and keeps a sum at 0', () => {
      const answer = (value: number | null) => ({
        total: 152,
        aggregations: {
          time: {
            buckets: [
              ...gapped(() => ({ m: { value: 7.5 } })),
              // An empty bucket the engine did send: no average, whatever it says.
              { key: DAY.fromMs + 8 * 3_600_000, doc_count: 0, m: { value } },
            ],
          },
        },
      });
      const avg: VisSpec = { type: 'line', metric: 'avg', metricField: 'latency', split: '', size: 5 };
      const avgPoints = visDataOf(avg, answer(null), DAY).series[0]?.points ?? [];
      assert.equal(avgPoints.length, 48);
      assert.equal(avgPoints.filter(([, value]) => value === null).length, 10);
      assert.equal(avgPoints[0]?.[1], 7.5);
      const sum: VisSpec = { ...avg, metric: 'sum' };
      const sumPoints = visDataOf(sum, answer(0), DAY).series[0]?.points ?? [];
      assert.equal(sumPoints.filter(([, value]) => value === 0).length, 10, 'a sum of no logs is 0, as Elasticsearch answers');
      const option = chartOption(avg, visDataOf(avg, answer(null), DAY));
      const [series] = option.series as Record<string, unknown>[];
      assert.equal(series?.connectNulls, false, 'the chart does not join across a bucket without a value');
    });

    it('fills every split series over the same buckets', () => {
      const spec: VisSpec = { type: 'histogram', metric: 'count', metricField: '', split: 'level', size: 5 };
      const data = visDataOf(
        spec,
        {
          total: 10,
          aggregations: {
            split: {
              buckets: [
                { key: 'error', doc_count: 6, time: { buckets: gapped(() => ({})).slice(0, 3) } },
                { key: 'info', doc_count: 4, time: { buckets: [] } },
              ],
            },
          },
        },
        DAY,
      );
      assert.deepEqual(
        data.series.map((series) => series.points.length),
        [48, 48],
      );
    });
  });

  it('prints a single-number avg, min or max of no logs as a dash, as Elasticsearch answers null; a sum or count as 0', () => {
    for (const metric of ['avg', 'min', 'max'] as const) {
      const spec: VisSpec = { type: 'metric', metric, metricField: 'latency', split: '', size: 5 };
      const data = visDataOf(spec, { total: 0, aggregations: { m: { value: null } } });
      assert.equal(data.value, null, metric);
      assert.equal(formatMetric(data.value), '–');
    }
    const sum: VisSpec = { type: 'metric', metric: 'sum', metricField: 'latency', split: '', size: 5 };
    assert.equal(visDataOf(sum, { total: 0, aggregations: { m: { value: 0 } } }).value, 0);
    const count: VisSpec = { type: 'metric', metric: 'count', metricField: '', split: '', size: 5 };
    assert.equal(formatMetric(visDataOf(count, { total: 0, aggregations: {} }).value), '0');
  });
});
