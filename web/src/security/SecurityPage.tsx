import { useLocation } from '../router.js';
import { SubNav } from '../common/SubNav.js';
import { RuleList } from './RuleList.js';
import { EventList } from './EventList.js';
import { LookupLists } from './LookupLists.js';
import { MitreMatrix } from './MitreMatrix.js';

/** /app/security/{rules,events,lookups,mitre}. */
export default function SecurityPage() {
  const { path } = useLocation();
  const sub = path.split('/')[3] ?? 'rules';
  const current = `/app/security/${sub === '' ? 'rules' : sub}`;
  return (
    <div className="page">
      <SubNav
        label="Security"
        current={current}
        items={[
          ['/app/security/rules', 'Rules'],
          ['/app/security/events', 'Security events'],
          ['/app/security/mitre', 'MITRE ATT&CK'],
          ['/app/security/lookups', 'Lookup lists'],
        ]}
      />
      {sub === 'events' ? (
        <EventList />
      ) : sub === 'lookups' ? (
        <LookupLists listId={path.split('/')[4]} />
      ) : sub === 'mitre' ? (
        <MitreMatrix />
      ) : (
        <RuleList />
      )}
    </div>
  );
}
