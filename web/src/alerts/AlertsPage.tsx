import { useLocation } from '../router.js';
import { SubNav } from '../common/SubNav.js';
import { AlertList } from './AlertList.js';
import { AlertEditor } from './AlertEditor.js';
import { TriggeredList } from './TriggeredList.js';

/** /app/alerts, /app/alerts/new, /app/alerts/:id, /app/alerts/triggered. */
export default function AlertsPage() {
  const { path } = useLocation();
  const sub = path.split('/')[3];
  const current = sub === 'triggered' ? '/app/alerts/triggered' : '/app/alerts';
  return (
    <div className="page">
      <SubNav
        label="Alerts"
        current={current}
        items={[
          ['/app/alerts', 'Alerts'],
          ['/app/alerts/triggered', 'Triggered alerts'],
        ]}
      />
      {sub === undefined || sub === '' ? (
        <AlertList />
      ) : sub === 'triggered' ? (
        <TriggeredList />
      ) : (
        <AlertEditor key={sub} alertId={sub === 'new' ? undefined : Number(sub)} />
      )}
    </div>
  );
}
