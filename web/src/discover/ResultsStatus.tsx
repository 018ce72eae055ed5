import type { Results, SearchPhase } from './use-discover-search.js';

export type ResultsTab = 'logs' | 'patterns';

/** Above the results: how many hits (≥ while still counting), live or cancelled, Cancel while running, and the tabs. */
export function ResultsStatus(props: {
  results: Results | null;
  phase: SearchPhase;
  tail: boolean;
  onCancel: () => void;
  tab: ResultsTab;
  onTab: (tab: ResultsTab) => void;
}) {
  const { results, phase, tail, onCancel, tab, onTab } = props;
  const running = phase === 'running';
  return (
    <div className="status-line">
      <p className="hits-count" role="status" data-testid="hits-count">
        {results === null || (results.total === undefined && running)
          ? running
            ? 'Searching…'
            : ''
          : results.total === undefined
            ? ''
            : `${results.counting ? '≥ ' : ''}${results.total.toLocaleString()} hits${results.counting ? ' (counting…)' : ''}`}
        {tail && ' · live'}
        {phase === 'cancelled' && ' · search cancelled'}
      </p>
      {running && (
        <>
          <span className="spinner" aria-hidden="true" />
          <button type="button" onClick={onCancel} data-testid="cancel-search">
            Cancel
          </button>
        </>
      )}
      <span className="spacer" />
      <div role="tablist" aria-label="Results view" className="tabs">
        <button type="button" role="tab" aria-selected={tab === 'logs'} onClick={() => onTab('logs')}>
          Logs
        </button>
        <button type="button" role="tab" aria-selected={tab === 'patterns'} onClick={() => onTab('patterns')}>
          Patterns
        </button>
      </div>
    </div>
  );
}
