import { useEffect, useState } from 'react';
import { formatTime, quickRanges, TIME_ZONE } from '../time.js';
import type { ResolvedRange } from '../search.js';

/** Relative (quick ranges up to the retention, `now-15m`) or absolute (ISO) ranges; shows the time zone and the range. */
export function TimePicker(props: {
  from: string;
  to: string;
  range: ResolvedRange | undefined;
  /** The account's retention: the longest quick range offered. */
  retentionDays?: number | undefined;
  onApply: (from: string, to: string) => void;
}) {
  const [from, setFrom] = useState(props.from);
  const [to, setTo] = useState(props.to);
  useEffect(() => {
    setFrom(props.from);
    setTo(props.to);
  }, [props.from, props.to]);
  const ranges = quickRanges(props.retentionDays);
  const quick = ranges.find((range) => range.from === props.from && props.to === 'now');

  return (
    <div className="time-picker">
      <label>
        Range{' '}
        <select
          aria-label="Quick range"
          value={quick?.from ?? 'custom'}
          onChange={(event) => {
            if (event.target.value !== 'custom') props.onApply(event.target.value, 'now');
          }}
        >
          {ranges.map((range) => (
            <option key={range.from} value={range.from}>
              {range.label}
            </option>
          ))}
          <option value="custom">Custom</option>
        </select>
      </label>
      <form
        className="absolute"
        onSubmit={(event) => {
          event.preventDefault();
          props.onApply(from.trim(), to.trim());
        }}
      >
        <label>
          From <input aria-label="From" value={from} onChange={(event) => setFrom(event.target.value)} size={24} />
        </label>
        <label>
          To <input aria-label="To" value={to} onChange={(event) => setTo(event.target.value)} size={24} />
        </label>
        <button type="submit">Apply</button>
      </form>
      <span className="tz" title="Times are shown in this time zone">
        {TIME_ZONE}
      </span>
      {props.range === undefined ? (
        <span className="error" role="alert">
          The time range is not valid: use now, now-15m (s, m, h, d, w) or an ISO time, with From before To
        </span>
      ) : (
        <span className="window" data-testid="range">
          {formatTime(props.range.fromMs)} → {formatTime(props.range.toMs)}
          {props.retentionDays !== undefined && <> · logs kept {props.retentionDays} days</>}
        </span>
      )}
    </div>
  );
}
