import { Resvg } from '@resvg/resvg-js';
import * as echarts from 'echarts';
import {
  chartOption,
  DARK_PALETTE,
  formatMetric,
  LIGHT_PALETTE,
  metricLabel,
  overTime,
  type GridData,
  type VisData,
  type VisPalette,
  type VisSpec,
} from '../../../vis-model/index.js';
import { HEADER_HEIGHT, IMAGE_WIDTH, panelRects, singleRect, type Rect } from './snapshot-layout.js';
import { charsIn, escapeXml, fit } from './svg-text.js';

/** What one panel shows, once its search ran. */
export type PanelContent =
  | { readonly kind: 'vis'; readonly spec: VisSpec; readonly data: VisData }
  | { readonly kind: 'logs'; readonly total: number; readonly lines: readonly string[] }
  | { readonly kind: 'notice'; readonly text: string };

export interface RenderedPanel {
  readonly title: string;
  readonly grid: GridData;
  readonly content: PanelContent;
}

export interface SnapshotPicture {
  readonly kind: 'dashboard' | 'visualization';
  readonly title: string;
  readonly fromMs: number;
  readonly toMs: number;
  readonly timeZone: string;
  readonly query: string;
  readonly message: string;
  readonly dark: boolean;
  readonly panels: readonly RenderedPanel[];
}

const FONT = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';

function timeFrameText(fromMs: number, toMs: number, timeZone: string): string {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
    timeZoneName: 'short',
  });
  return `${format.format(new Date(fromMs))} → ${format.format(new Date(toMs))} (${timeZone})`;
}

function text(x: number, y: number, value: string, size: number, colour: string, extra = ''): string {
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-family="${FONT}" font-size="${size}" fill="${colour}"${extra}>${escapeXml(value)}</text>`;
}

/** An ECharts chart drawn by its server-side SVG renderer, placed in the panel's body. */
function chartSvg(spec: VisSpec, data: VisData, rect: Rect, palette: VisPalette, timeZone: string): string {
  const chart = echarts.init(null, undefined, {
    renderer: 'svg',
    ssr: true,
    width: Math.round(rect.width),
    height: Math.round(rect.height),
  });
  try {
    chart.setOption(chartOption(spec, data, { palette, timeZone, still: true }));
    const svg = chart.renderToSVGString();
    return `<g transform="translate(${rect.x.toFixed(1)},${rect.y.toFixed(1)})">${svg}</g>`;
  } finally {
    chart.dispose();
  }
}

function tableSvg(spec: VisSpec, data: VisData, rect: Rect, palette: VisPalette, timeZone: string): string {
  const rows = data.series[0]?.points ?? [['All', data.value] as const];
  const rowHeight = 22;
  const fits = Math.max(1, Math.floor((rect.height - rowHeight) / rowHeight));
  const keyWidth = rect.width * 0.7;
  const at = new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'short', timeStyle: 'medium' });
  const parts = [
    text(rect.x + 8, rect.y + 16, spec.split === '' ? '' : spec.split, 13, palette.muted, ' font-weight="bold"'),
    text(
      rect.x + rect.width - 8,
      rect.y + 16,
      spec.metric === 'count' ? 'Count' : `${spec.metric}(${spec.metricField})`,
      13,
      palette.muted,
      ' font-weight="bold" text-anchor="end"',
    ),
  ];
  rows.slice(0, fits).forEach(([key, value], index) => {
    const y = rect.y + rowHeight * (index + 1) + 16;
    const label = typeof key === 'number' && overTime(spec.type) ? at.format(new Date(key)) : String(key);
    parts.push(`<line x1="${rect.x}" x2="${rect.x + rect.width}" y1="${y - 16}" y2="${y - 16}" stroke="${palette.line}"/>`);
    parts.push(text(rect.x + 8, y, fit(label, charsIn(keyWidth, 13)), 13, palette.ink));
    parts.push(text(rect.x + rect.width - 8, y, formatMetric(value), 13, palette.ink, ' text-anchor="end"'));
  });
  if (rows.length > fits) parts.push(text(rect.x + 8, rect.y + rect.height - 4, `… ${rows.length - fits} more rows`, 12, palette.muted));
  return parts.join('');
}

function metricSvg(spec: VisSpec, data: VisData, rect: Rect, palette: VisPalette): string {
  const size = Math.max(18, Math.min(64, rect.height * 0.4, rect.width / 6));
  const cx = rect.x + rect.width / 2;
  const cy = rect.y + rect.height / 2;
  return (
    text(cx, cy + size / 3, formatMetric(data.value), size, palette.ink, ' font-weight="bold" text-anchor="middle"') +
    text(cx, cy + size / 3 + 22, metricLabel(spec), 14, palette.muted, ' text-anchor="middle"')
  );
}

function linesSvg(lines: readonly string[], rect: Rect, palette: VisPalette, colour: string): string {
  const lineHeight = 18;
  const fits = Math.max(1, Math.floor(rect.height / lineHeight));
  const chars = charsIn(rect.width - 16, 12);
  return lines
    .slice(0, fits)
    .map((line, index) => text(rect.x + 8, rect.y + lineHeight * (index + 1) - 4, fit(line, chars), 12, index === 0 ? colour : palette.ink))
    .join('');
}

function panelSvg(panel: RenderedPanel, rect: Rect, palette: VisPalette, timeZone: string): string {
  const frame = `<rect x="${rect.x.toFixed(1)}" y="${rect.y.toFixed(1)}" width="${rect.width.toFixed(1)}" height="${rect.height.toFixed(1)}" rx="6" fill="${palette.panel}" stroke="${palette.line}"/>`;
  const title = text(rect.x + 10, rect.y + 20, fit(panel.title, charsIn(rect.width - 20, 14)), 14, palette.ink, ' font-weight="bold"');
  const body: Rect = { x: rect.x + 6, y: rect.y + 30, width: rect.width - 12, height: Math.max(10, rect.height - 36) };
  const { content } = panel;
  let inner: string;
  if (content.kind === 'notice') inner = linesSvg([content.text], body, palette, palette.muted);
  else if (content.kind === 'logs')
    inner = linesSvg([`${content.total.toLocaleString('en-US')} logs`, ...content.lines], body, palette, palette.muted);
  else if (content.spec.type === 'metric') inner = metricSvg(content.spec, content.data, body, palette);
  else if (content.spec.type === 'table') inner = tableSvg(content.spec, content.data, body, palette, timeZone);
  else inner = chartSvg(content.spec, content.data, body, palette, timeZone);
  return frame + title + inner;
}

/** The whole picture as one SVG document: a header naming what, when and which query, then the panels in place. */
export function snapshotSvg(picture: SnapshotPicture): string {
  const palette = picture.dark ? DARK_PALETTE : LIGHT_PALETTE;
  let height: number;
  let rects: Rect[];
  if (picture.kind === 'visualization') {
    const single = singleRect();
    rects = [single.rect];
    height = single.height;
  } else {
    const laid = panelRects(picture.panels.map((panel) => panel.grid));
    rects = laid.rects;
    height = laid.height;
  }
  const chars = charsIn(IMAGE_WIDTH - 32, 14);
  const header = [
    text(16, 34, fit(picture.title, charsIn(IMAGE_WIDTH - 32, 22)), 22, palette.ink, ' font-weight="bold"'),
    text(16, 60, fit(timeFrameText(picture.fromMs, picture.toMs, picture.timeZone), chars), 14, palette.ink),
    text(16, 82, fit(`Query: ${picture.query.trim() === '' ? '*' : picture.query}`, chars), 14, palette.muted),
    picture.message === '' ? '' : text(16, 102, fit(picture.message, chars), 14, palette.muted),
  ].join('');
  const panels =
    picture.panels.length === 0
      ? text(16, HEADER_HEIGHT + 24, 'This dashboard has no panels.', 14, palette.muted)
      : picture.panels
          .map((panel, index) => panelSvg(panel, rects[index] ?? rects[0] ?? singleRect().rect, palette, picture.timeZone))
          .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${IMAGE_WIDTH}" height="${height}" viewBox="0 0 ${IMAGE_WIDTH} ${height}">` +
    `<rect width="100%" height="100%" fill="${palette.background}"/>${header}${panels}</svg>`
  );
}

/** The picture as a PNG, drawn without a browser (resvg), with the machine's fonts. */
export function snapshotPng(picture: SnapshotPicture): Uint8Array {
  const svg = snapshotSvg(picture);
  const resvg = new Resvg(svg, {
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
    fitTo: { mode: 'original' },
  });
  return resvg.render().asPng();
}
