import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { api, ApiError, onSessionEnded, sessionChanging, setCsrfToken, type SessionInfo } from './api.js';
import { navigate, useLocation, withParams } from './router.js';
import { carriedView } from './carry.js';
import { SessionContext } from './session.js';
import { Discover } from './discover/Discover.js';
import { SignIn } from './pages/SignIn.js';
import { Invite } from './pages/Invite.js';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './common/query-client.js';

// Charts (ECharts) load with the pages that draw them, not with the first page.
const VisualizePage = lazy(() => import('./visualize/VisualizePage.js'));
const DashboardsPage = lazy(() => import('./visualize/DashboardsPage.js'));
const AlertsPage = lazy(() => import('./alerts/AlertsPage.js'));
const SecurityPage = lazy(() => import('./security/SecurityPage.js'));
const AdminPage = lazy(() => import('./admin/AdminPage.js'));
const SavedObjectsPage = lazy(() => import('./objects/SavedObjectsPage.js'));

/** The sections of the header; `admin` ones only for admins (the API refuses the others anyway). */
const SECTIONS: readonly { key: string; label: string; admin?: boolean }[] = [
  { key: 'discover', label: 'Discover' },
  { key: 'visualize', label: 'Visualize' },
  { key: 'dashboards', label: 'Dashboards' },
  { key: 'alerts', label: 'Alerts' },
  { key: 'security', label: 'Security' },
  { key: 'objects', label: 'Saved objects' },
  { key: 'admin', label: 'Admin' },
];

/** How often an idle page asks whether its session still holds, so a suspended user's page signs out. */
const SESSION_CHECK_MS = 5000;

type SessionState = { kind: 'loading' } | { kind: 'signed-out'; reason?: string } | { kind: 'signed-in'; session: SessionInfo };

export function App() {
  const location = useLocation();
  const [state, setState] = useState<SessionState>({ kind: 'loading' });
  const [switchError, setSwitchError] = useState<string | null>(null);

  const signedIn = useCallback((session: SessionInfo) => {
    setCsrfToken(session.csrfToken);
    // Another account's (or user's) lists must never show under this session.
    queryClient.clear();
    setState({ kind: 'signed-in', session });
  }, []);

  useEffect(() => {
    api<SessionInfo>('GET', '/v1/session')
      .then(signedIn)
      .catch(() => setState({ kind: 'signed-out' }));
  }, [signedIn]);

  useEffect(
    () =>
      onSessionEnded(() =>
        setState((previous) =>
          previous.kind === 'signed-in' ? { kind: 'signed-out', reason: 'Your session has ended. Sign in again.' } : previous,
        ),
      ),
    [],
  );

  useEffect(() => {
    if (state.kind !== 'signed-in') return;
    const timer = window.setInterval(() => {
      api<SessionInfo>('GET', '/v1/session').catch((error: unknown) => {
        if (!(error instanceof ApiError)) return;
      });
    }, SESSION_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [state.kind]);

  if (location.path === '/app/invite') return <Invite />;
  if (state.kind === 'loading') return <p className="loading">Loading…</p>;
  if (state.kind === 'signed-out') return <SignIn reason={state.reason} onSignedIn={signedIn} />;

  const { session } = state;
  const signOut = async (): Promise<void> => {
    await api('POST', '/v1/session/sign-out').catch(() => undefined);
    setState({ kind: 'signed-out' });
  };
  // A refused switch (the membership was removed meanwhile) says so; the header keeps the account still in use.
  const switchAccount = async (accountId: number): Promise<void> => {
    setSwitchError(null);
    sessionChanging();
    try {
      signedIn(await api<SessionInfo>('POST', '/v1/session/account', { accountId }));
    } catch (error) {
      setSwitchError(`Could not switch account: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const section = location.path.split('/')[2] ?? '';
  const pages: Readonly<Record<string, React.ReactNode>> = {
    visualize: <VisualizePage />,
    dashboards: <DashboardsPage />,
    alerts: <AlertsPage />,
    security: <SecurityPage />,
    admin: <AdminPage />,
    objects: <SavedObjectsPage />,
  };
  const page = pages[section] ?? <Discover />;

  return (
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={session}>
        <a className="skip" href="#main">
          Skip to content
        </a>
        <header className="top">
          <strong className="brand">Logward</strong>
          <nav aria-label="Sections">
            {SECTIONS.filter((item) => item.admin !== true || session.role === 'admin').map(({ key, label }) => (
              <a
                key={key}
                href={`/app/${key}`}
                aria-current={section === key || (key === 'discover' && section === '') ? 'page' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  // The query and range in use go along (Discover, Visualize and Dashboards share one range).
                  const view = carriedView();
                  if (key === 'discover' || key === 'visualize') navigate(withParams(`/app/${key}`, { ...view }));
                  else if (key === 'dashboards') navigate(withParams(`/app/${key}`, { from: view.from, to: view.to }));
                  else navigate(`/app/${key}`);
                }}
              >
                {label}
              </a>
            ))}
          </nav>
          <span className="spacer" />
          {session.accounts.length > 1 ? (
            <label className="account">
              Account{' '}
              <select value={session.accountId} onChange={(event) => void switchAccount(Number(event.target.value))}>
                {session.accounts.map((account) => (
                  <option key={account.accountId} value={account.accountId}>
                    {account.accountName}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <span className="account">{session.accountName}</span>
          )}
          {switchError !== null && (
            <span className="error" role="alert">
              {switchError}
            </span>
          )}
          <span className="user" title={`role: ${session.role}`}>
            {session.email} ({session.role})
          </span>
          <button type="button" onClick={() => void signOut()}>
            Sign out
          </button>
        </header>
        <main id="main" key={session.accountId}>
          <Suspense fallback={<p className="loading">Loading…</p>}>{page}</Suspense>
        </main>
      </SessionContext.Provider>
    </QueryClientProvider>
  );
}
