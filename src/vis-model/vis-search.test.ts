import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fromVisState, toVisState, type VisSpec } from './vis-spec.js';
import { visDataOf, visSearchBody } from './vis-search.js';

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
});
