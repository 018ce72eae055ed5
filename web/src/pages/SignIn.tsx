import { useState, type FormEvent } from 'react';
import { api, ApiError, type AccountChoice, type SessionInfo } from '../api.js';

interface SignInAnswer {
  readonly signedIn: boolean;
  readonly session?: SessionInfo;
  readonly accounts?: readonly AccountChoice[];
}

export function SignIn(props: { reason?: string | undefined; onSignedIn: (session: SessionInfo) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [accounts, setAccounts] = useState<readonly AccountChoice[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (accountId?: number): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      const answer = await api<SignInAnswer>('POST', '/v1/session/sign-in', {
        email,
        password,
        ...(accountId === undefined ? {} : { accountId }),
      });
      if (answer.signedIn && answer.session !== undefined) props.onSignedIn(answer.session);
      else setAccounts(answer.accounts ?? []);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The server cannot be reached');
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent): void => {
    event.preventDefault();
    void submit();
  };

  return (
    <main className="sign-in" id="main">
      <h1>Logward</h1>
      {props.reason !== undefined && (
        <p className="notice" role="status">
          {props.reason}
        </p>
      )}
      {accounts === null ? (
        <form onSubmit={onSubmit} aria-label="Sign in">
          <label>
            E-mail
            <input
              type="email"
              autoComplete="username"
              required
              autoFocus
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </label>
          <label>
            Password
            <input
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </label>
          <button type="submit" disabled={busy}>
            Sign in
          </button>
        </form>
      ) : (
        <section aria-label="Choose an account">
          <h2>Choose an account</h2>
          <ul className="accounts">
            {accounts.map((account) => (
              <li key={account.accountId}>
                <button type="button" onClick={() => void submit(account.accountId)} disabled={busy}>
                  {account.accountName} <small>({account.role})</small>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {error !== null && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </main>
  );
}
