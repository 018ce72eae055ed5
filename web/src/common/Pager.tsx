interface PagerProps {
  /** Names the pager for screen readers ("Pages of triggered alerts"). */
  readonly label: string;
  /** Index of the first row shown (0-based), how many are shown, how many match. */
  readonly from: number;
  readonly shown: number;
  readonly total: number;
  readonly onPage: (direction: -1 | 1) => void;
  /** The words of the two buttons: lists newest first say Newer/Older. */
  readonly words?: readonly [string, string];
}

/** The pager of a list read a page at a time; drawn only when the rows do not fit one page. */
export function Pager({ label, from, shown, total, onPage, words = ['Previous', 'Next'] }: PagerProps) {
  if (total <= shown && from === 0) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" disabled={from === 0} onClick={() => onPage(-1)}>
        {words[0]}
      </button>
      <span>
        {shown === 0 ? 0 : from + 1}–{from + shown} of {total}
      </span>
      <button type="button" disabled={from + shown >= total} onClick={() => onPage(1)}>
        {words[1]}
      </button>
    </nav>
  );
}
