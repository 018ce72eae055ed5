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
  onZoom: (fromMs: number, toMs: number) => void;
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

  return (
    <figure className="histogram" aria-label="Hits over time">
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
        {props.buckets.map((bucket) => (
          <rect
            key={bucket.key}
            x={x(bucket.key)}
            width={barWidth}
            y={HEIGHT - (bucket.count / max) * (HEIGHT - 4)}
            height={(bucket.count / max) * (HEIGHT - 4)}
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
        <button type="button" aria-label="Zoom out" onClick={() => props.onZoom(props.fromMs - span / 2, props.toMs + span / 2)}>
          Zoom out
        </button>
        <span className="max">
          max {max} per {Math.round(props.intervalMs / 1000)} s
        </span>
      </div>
    </figure>
  );
}
