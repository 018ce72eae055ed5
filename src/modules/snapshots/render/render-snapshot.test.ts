import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Resvg } from '@resvg/resvg-js';
import { visDataOf, type VisBucket, type VisData, type VisSpec } from '../../../vis-model/index.js';
import { pngSize } from './png-info.js';
import { snapshotPng, snapshotSvg, type RenderedPanel, type SnapshotPicture } from './render-snapshot.js';

const FROM = Date.UTC(2026, 11, 7, 9, 0);
const TO = FROM + 3_600_000;

function series(name: string, seed: number): VisData['series'][number] {
  return { name, points: Array.from({ length: 60 }, (_, i) => [FROM + i * 60_000, ((i * seed) % 17) + seed] as [number, number]) };
}

const spec = (type: VisSpec['type'], split = ''): VisSpec => ({ type, metric: 'count', metricField: '', split, size: 5 });

export function sixPanels(): RenderedPanel[] {
  const grid = (index: number) => ({ x: (index % 2) * 24, y: Math.floor(index / 2) * 15, w: 24, h: 15, i: String(index + 1) });
  return [
    {
      title: 'Logs over time',
      grid: grid(0),
      content: { kind: 'vis', spec: spec('histogram', 'level'), data: { series: [series('error', 3), series('info', 5)], value: 900 } },
    },
    { title: 'Latency', grid: grid(1), content: { kind: 'vis', spec: spec('line'), data: { series: [series('count', 7)], value: 1 } } },
    {
      title: 'By host',
      grid: grid(2),
      content: {
        kind: 'vis',
        spec: spec('pie', 'host'),
        data: {
          series: [
            {
              name: 'host',
              points: [
                ['web-1', 40],
                ['web-2', 25],
                ['db', 9],
              ],
            },
          ],
          value: 74,
        },
      },
    },
    { title: 'Errors', grid: grid(3), content: { kind: 'vis', spec: spec('metric'), data: { series: [], value: 1234 } } },
    {
      title: 'Top users',
      grid: grid(4),
      content: {
        kind: 'vis',
        spec: spec('table', 'user'),
        data: {
          series: [
            {
              name: 'user',
              points: [
                ['alice', 12],
                ['bob <&>', 7],
              ],
            },
          ],
          value: 19,
        },
      },
    },
    {
      title: 'Recent errors',
      grid: grid(5),
      content: { kind: 'logs', total: 2, lines: ['2026-12-07 09:59 disk full', '2026-12-07 09:58 timeout'] },
    },
  ];
}

function picture(dark: boolean): SnapshotPicture {
  return {
    kind: 'dashboard',
    title: 'Ops overview',
    fromMs: FROM,
    toMs: TO,
    timeZone: 'Asia/Kolkata',
    query: 'level:error',
    message: 'Morning check',
    dark,
    panels: sixPanels(),
  };
}

describe('snapshot images are drawn without a browser', () => {
  it('draws every panel of a dashboard in its place, with the time frame in the asked zone', () => {
    const svg = snapshotSvg(picture(false));
    assert.match(svg, /Ops overview/);
    // 09:00 UTC is 14:30 in Kolkata: the frame is printed in the snapshot's zone, with the zone named.
    assert.match(svg, /14:30:00.*→.*15:30:00.*\(Asia\/Kolkata\)/);
    assert.match(svg, /Query: level:error/);
    assert.match(svg, /bob &lt;&amp;&gt;/, 'values are escaped');
    assert.match(svg, /1,234/);
    assert.ok((svg.match(/<path/g) ?? []).length > 20, 'the charts are drawn as paths by ECharts');
  });

  it('is a well-formed PNG of the page size; dark theme paints the dark background', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-snapshot-render-'));
    for (const dark of [false, true]) {
      const png = snapshotPng(picture(dark));
      const size = pngSize(png);
      assert.equal(size?.width, 1280);
      assert.ok((size?.height ?? 0) > 600);
      fs.writeFileSync(path.join(dir, dark ? 'dark.png' : 'light.png'), png);
      // The top-left pixel is the page background of the chosen theme.
      const pixels = new Resvg(snapshotSvg(picture(dark))).render().pixels;
      assert.deepEqual([...pixels.subarray(0, 3)], dark ? [0x10, 0x14, 0x1b] : [0xf6, 0xf7, 0xf9]);
    }
    process.stdout.write(`# snapshot images: ${dir}\n`);
  });

  it('draws hours without logs as 0 on a count line and as a break in a metric line', () => {
    const day = { fromMs: Date.UTC(2026, 11, 6, 12), toMs: Date.UTC(2026, 11, 7, 12) };
    const hour = 3_600_000;
    // The answer leaves out the five hours from 20:00 (what a snapshot at 10M logs drew as one straight segment).
    const buckets: VisBucket[] = Array.from({ length: 48 }, (_, i) => day.fromMs + i * 1_800_000)
      .filter((key) => key < day.fromMs + 8 * hour || key >= day.fromMs + 13 * hour)
      .map((key, i) => ({ key, doc_count: 100 + ((i * 37) % 50), m: { value: 20 + ((i * 7) % 15) } }));
    const count: VisSpec = { type: 'line', metric: 'count', metricField: '', split: '', size: 5 };
    const avg: VisSpec = { ...count, metric: 'avg', metricField: 'latency' };
    const grid = (x: number) => ({ x, y: 0, w: 24, h: 15, i: String(x) });
    const panels: RenderedPanel[] = [
      {
        title: 'All logs',
        grid: grid(0),
        content: { kind: 'vis', spec: count, data: visDataOf(count, { total: 4000, aggregations: { time: { buckets } } }, day) },
      },
      {
        title: 'Latency',
        grid: grid(24),
        content: { kind: 'vis', spec: avg, data: visDataOf(avg, { total: 4000, aggregations: { time: { buckets } } }, day) },
      },
    ];
    const gapPicture: SnapshotPicture = { ...picture(false), title: 'Gap', fromMs: day.fromMs, toMs: day.toMs, timeZone: 'UTC', panels };
    const svg = snapshotSvg(gapPicture);
    // The lines are the 2-px unfilled paths outside the legend (legend marks are translated).
    const lines = [...svg.matchAll(/<path d="([^"]+)" fill="none"[^>]*stroke-width="2"[^>]*>/g)]
      .filter((match) => !match[0].includes('transform'))
      .map((match) => match[1] ?? '');
    assert.equal(lines.length, 2, svg.slice(0, 200));
    const [countLine = '', avgLine = ''] = lines;
    const vertices = (d: string) => [...d.matchAll(/[ML]([\d.]+) ([\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    assert.equal(vertices(countLine).length, 48, 'a vertex for every half hour, the empty ones too');
    assert.equal((countLine.match(/M/g) ?? []).length, 1, 'the count line is unbroken');
    const lowest = Math.max(...vertices(countLine).map(([, y]) => y ?? 0));
    assert.equal(vertices(countLine).filter(([, y]) => y === lowest).length, 10, 'ten half hours drawn at 0');
    assert.equal((avgLine.match(/M/g) ?? []).length, 2, 'the average line breaks over the hours without logs');
    assert.equal(vertices(avgLine).length, 38);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-snapshot-gap-'));
    fs.writeFileSync(path.join(dir, 'gap.png'), snapshotPng(gapPicture));
    process.stdout.write(`# snapshot with a gap: ${dir}/gap.png\n`);
  });
});
