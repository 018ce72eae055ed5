import type { ResolvedRange } from '../search.js';

/** A link to this view with its time range made absolute (a relative range would move), copied when the browser lets it. */
export function copyShareLink(range: ResolvedRange): string {
  const url = new URL(window.location.href);
  url.searchParams.set('from', new Date(range.fromMs).toISOString());
  url.searchParams.set('to', new Date(range.toMs).toISOString());
  void navigator.clipboard?.writeText(url.toString()).catch(() => undefined);
  return url.toString();
}

/** The share link shown to copy by hand, selected when focused. */
export function ShareLink({ link, onClose }: { link: string; onClose: () => void }) {
  return (
    <p className="share">
      <label>
        Link to this view{' '}
        <input readOnly aria-label="Share link" value={link} size={80} onFocus={(event) => event.currentTarget.select()} />
      </label>{' '}
      <button type="button" className="icon" aria-label="Close share link" onClick={onClose}>
        ×
      </button>
    </p>
  );
}
