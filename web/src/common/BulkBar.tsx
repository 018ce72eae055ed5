import type { ReactNode } from 'react';

interface BulkBarProps {
  /** What the rows are called, singular and plural ("alert", "alerts"). */
  readonly noun: readonly [string, string];
  readonly selected: number;
  /** How many rows match the filters (may be more than are shown). */
  readonly matching: number;
  /** Whether the action is to apply to every matching row rather than the ticked ones. */
  readonly allMatching: boolean;
  readonly onSelectAllMatching: () => void;
  readonly onClear: () => void;
  readonly children: ReactNode;
}

/** The actions on the ticked rows of a list; shown only while some are ticked. */
export function BulkBar({ noun, selected, matching, allMatching, onSelectAllMatching, onClear, children }: BulkBarProps) {
  const count = allMatching ? matching : selected;
  if (count === 0) return null;
  const name = (n: number) => `${n} ${n === 1 ? noun[0] : noun[1]}`;
  return (
    <div className="bulk-bar" role="region" aria-label={`Actions on the selected ${noun[1]}`}>
      <span role="status" data-testid="bulk-count">
        {allMatching ? `All ${name(count)} matching selected` : `${name(count)} selected`}
      </span>
      {!allMatching && matching > selected && (
        <button type="button" className="link" onClick={onSelectAllMatching}>
          Select all {name(matching)} matching
        </button>
      )}
      {children}
      <button type="button" onClick={onClear}>
        Clear selection
      </button>
    </div>
  );
}

/** The bulk actions of a list of rules that can be switched on and off (alerts, security rules). */
export type SwitchAction = 'enable' | 'disable' | 'delete';

/** Enable, Disable and Delete… for a BulkBar; `onAction('delete')` is expected to ask for a confirmation. */
export function SwitchActions({ pending, onAction }: { readonly pending: boolean; readonly onAction: (action: SwitchAction) => void }) {
  return (
    <>
      <button type="button" disabled={pending} onClick={() => onAction('enable')}>
        Enable
      </button>
      <button type="button" disabled={pending} onClick={() => onAction('disable')}>
        Disable
      </button>
      <button type="button" className="danger" disabled={pending} onClick={() => onAction('delete')}>
        Delete…
      </button>
    </>
  );
}

/**
 * Runs `task` on every item, `limit` at a time (a browser keeps six connections to a host; four leave room for the
 * page's own reads); answers the items that failed with their error. `progress` hears how many have ended.
 */
export async function eachLimited<T>(
  items: readonly T[],
  task: (item: T) => Promise<unknown>,
  limit = 4,
  progress?: (ended: number) => void,
): Promise<{ item: T; error: unknown }[]> {
  const failed: { item: T; error: unknown }[] = [];
  let next = 0;
  let ended = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      try {
        await task(item);
      } catch (error) {
        failed.push({ item, error });
      }
      ended += 1;
      progress?.(ended);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return failed;
}
