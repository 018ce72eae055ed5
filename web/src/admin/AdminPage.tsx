import { useLocation } from '../router.js';
import { SubNav } from '../common/SubNav.js';
import { useSession } from '../session.js';
import { UsersPanel } from './UsersPanel.js';
import { SubAccountsPanel } from './SubAccountsPanel.js';
import { TokensPanel } from './TokensPanel.js';
import { SharedTokensPanel } from './SharedTokensPanel.js';
import { EndpointsPanel } from './EndpointsPanel.js';
import { AuthGroupsPanel } from './AuthGroupsPanel.js';

/** Each tab names the least role that may use it; the API refuses the rest anyway (decision 0686). */
const TABS: readonly { key: string; label: string; adminOnly: boolean }[] = [
  { key: 'users', label: 'Users', adminOnly: false },
  { key: 'endpoints', label: 'Notification endpoints', adminOnly: false },
  { key: 'accounts', label: 'Sub accounts', adminOnly: true },
  { key: 'tokens', label: 'Shipping tokens', adminOnly: true },
  { key: 'shared-tokens', label: 'Shared tokens', adminOnly: true },
  { key: 'auth-groups', label: 'Authentication groups', adminOnly: true },
];

/** /app/admin/{users,endpoints,accounts,tokens,shared-tokens,auth-groups}. */
export default function AdminPage() {
  const session = useSession();
  const { path } = useLocation();
  const tabs = TABS.filter((tab) => !tab.adminOnly || session.role === 'admin');
  const wanted = path.split('/')[3] ?? '';
  const tab = tabs.find((candidate) => candidate.key === wanted) ?? tabs[0];
  return (
    <div className="page">
      <SubNav
        label="Administration"
        current={`/app/admin/${tab?.key ?? 'users'}`}
        items={tabs.map((t) => [`/app/admin/${t.key}`, t.label] as const)}
      />
      {wanted !== '' && tab?.key !== wanted ? (
        <p className="notice" role="alert">
          This page is for account admins.
        </p>
      ) : tab?.key === 'endpoints' ? (
        <EndpointsPanel />
      ) : tab?.key === 'accounts' ? (
        <SubAccountsPanel />
      ) : tab?.key === 'tokens' ? (
        <TokensPanel />
      ) : tab?.key === 'shared-tokens' ? (
        <SharedTokensPanel />
      ) : tab?.key === 'auth-groups' ? (
        <AuthGroupsPanel />
      ) : (
        <UsersPanel />
      )}
    </div>
  );
}
