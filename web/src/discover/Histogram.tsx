import { useRef, useState, type PointerEvent } from 'react';
import { formatTime } from '../time.js';

export interface HistogramBucket {
  readonly key: number;
  readonly count: number;
}

const HEIGHT = 120;

/**
 * Hits over time as bars (plain SVG: Discover's first load carries no charting library). Dragging across it zooms
 * the range to the dragged span; the arrow buttons do the same from the keyboard.
 */
export function Histogram(props: {
  buckets: readonly HistogramBucket[];
  fromMs: number;
  toMs: number;
  intervalMs: number;
  /** Buckets before this time are still being counted (drawn as pending), undefined when all are in. */
  pendingBeforeMs?: number | undefined;
  onZoom: (fromMs: number, toMs: number) => void;
  onZoomOut: () => void;
}) {
  const svg = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<{ start: number; end: number } | null>(null);
  const span = props.toMs - props.fromMs;
  const max = Math.max(1, ...props.buckets.map((bucket) => bucket.count));
  const width = 1000;
  const x = (ms: number): number => ((ms - props.fromMs) / span) * width;
  const barWidth = Math.max(1, (props.intervalMs / span) * width - 1);

  const fraction = (event: PointerEvent<SVGSVGElement>): number => {
    const box = event.currentTarget.getBoundingClientRect();
    return Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
  };
  const finish = (): void => {
    if (drag !== null && Math.abs(drag.end - drag.start) > 0.005) {
      const a = props.fromMs + Math.min(drag.start, drag.end) * span;
      const b = props.fromMs + Math.max(drag.start, drag.end) * span;
      props.onZoom(Math.floor(a), Math.ceil(b));
    }
    setDrag(null);
  };
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => props.fromMs + f * span);
  const yTicks = niceTicks(max);
  const top = yTicks[yTicks.length - 1] ?? max;
  const pending = props.pendingBeforeMs === undefined ? 0 : Math.max(0, x(props.pendingBeforeMs));

  return (
    <figure className="histogram" aria-label="Hits over time">
      <div className="histogram-plot">
        <div className="y-axis" aria-hidden="true">
          {[...yTicks].reverse().map((tick) => (
            <span key={tick} style={{ bottom: `${(tick / top) * 100}%` }}>
              {compact(tick)}
            </span>
          ))}
        </div>
        <svg
          ref={svg}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="none"
          data-testid="histogram"
          onPointerDown={(event) => {
            event.currentTarget.setPointerCapture(event.pointerId);
            const at = fraction(event);
            setDrag({ start: at, end: at });
          }}
          onPointerMove={(event) => {
            if (drag !== null) setDrag({ ...drag, end: fraction(event) });
          }}
          onPointerUp={finish}
        >
          {yTicks.map((tick) => (
            <line
              key={tick}
              className="grid-line"
              x1={0}
              x2={width}
              y1={HEIGHT - (tick / top) * HEIGHT}
              y2={HEIGHT - (tick / top) * HEIGHT}
            />
          ))}
          {pending > 0 && <rect className="pending" x={0} width={pending} y={0} height={HEIGHT} />}
          {props.buckets.map((bucket) => (
            <rect
              key={bucket.key}
              className="bar"
              x={x(bucket.key)}
              width={barWidth}
              y={HEIGHT - (bucket.count / top) * HEIGHT}
              height={(bucket.count / top) * HEIGHT}
            >
              <title>
                {formatTime(bucket.key)}: {bucket.count}
              </title>
            </rect>
          ))}
          {drag !== null && (
            <rect
              className="selection"
              x={Math.min(drag.start, drag.end) * width}
              width={Math.abs(drag.end - drag.start) * width}
              y={0}
              height={HEIGHT}
            />
          )}
        </svg>
      </div>
      <figcaption>
        {ticks.map((tick) => (
          <span key={tick}>{formatTime(tick).replace(/\.\d{3}$/, '')}</span>
        ))}
      </figcaption>
      <div className="zoom-keys">
        <button
          type="button"
          aria-label="Zoom in on the middle half"
          onClick={() => props.onZoom(props.fromMs + span / 4, props.toMs - span / 4)}
        >
          Zoom in
        </button>
        <button type="button" aria-label="Zoom out" onClick={props.onZoomOut}>
          Zoom out
        </button>
        <span className="max">
          logs per {intervalLabel(props.intervalMs)}
          {props.pendingBeforeMs !== undefined && ' · counting older logs…'}
        </span>
      </div>
    </figure>
  );
}

/** About four round steps from 0 to at least `max` (1, 2, 5 × 10^n). */
function niceTicks(max: number): number[] {
  const raw = Math.max(1, max) / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  // Counts: whole steps only.
  const step = Math.max(1, ([1, 2, 5, 10].find((m) => m * power >= raw) ?? 10) * power);
  const ticks: number[] = [];
  for (let tick = step; tick < max + step; tick += step) ticks.push(tick);
  return ticks.length === 0 ? [1] : ticks;
}

function compact(n: number): string {
  if (n >= 1e6) return `${+(n / 1e6).toFixed(1)}M`;
  if (n >= 1e3) return `${+(n / 1e3).toFixed(1)}k`;
  return String(n);
}

function intervalLabel(ms: number): string {
  if (ms >= 86_400_000) return `${ms / 86_400_000} d`;
  if (ms >= 3_600_000) return `${ms / 3_600_000} h`;
  if (ms >= 60_000) return `${ms / 60_000} min`;
  return `${ms / 1000} s`;
}
