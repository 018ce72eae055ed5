import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../api.js';

function errorCodeOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('errorCode' in body)) return undefined;
  return typeof body.errorCode === 'string' ? body.errorCode : undefined;
}

/**
 * The page of an invite link (`/app/invite#<token>`): the token stays in the fragment, out of logs and referrers.
 * A user who has a password already must also type it (decision 0601); the field appears when the server asks.
 */
export function Invite() {
  const token = window.location.hash.slice(1);
  const [current, setCurrent] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (password !== repeat) {
      setError('The passwords differ');
      return;
    }
    try {
      const body = current === null ? { token, password } : { token, password, currentPassword: current };
      const answer = await api<{ email: string }>('POST', '/v1/session/invites/accept', body);
      setDone(answer.email);
    } catch (caught) {
      if (caught instanceof ApiError && errorCodeOf(caught.body) === 'SESSION/CURRENT_PASSWORD_REQUIRED') {
        setError(current === null ? 'You have a password already: type it to replace it' : 'The current password is wrong');
        if (current === null) setCurrent('');
        return;
      }
      setError(caught instanceof ApiError ? caught.message : 'The server cannot be reached');
    }
  };

  return (
    <main className="sign-in" id="main">
      <h1>Set your password</h1>
      {done !== null ? (
        <p role="status">
          Password set for {done}. <a href="/app/">Sign in</a>
        </p>
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} aria-label="Set password">
          {current !== null && (
            <label>
              Current password
              <input
                type="password"
                autoComplete="current-password"
                required
                value={current}
                onChange={(event) => setCurrent(event.target.value)}
              />
            </label>
          )}
          <label>
            New password (10 characters or more)
            <input
              type="password"
              autoComplete="new-password"
              minLength={10}
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </label>
          <label>
            Repeat it
            <input
              type="password"
              autoComplete="new-password"
              required
              value={repeat}
              onChange={(event) => setRepeat(event.target.value)}
            />
          </label>
          <button type="submit">Set password</button>
        </form>
      )}
      {error !== null && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </main>
  );
}
