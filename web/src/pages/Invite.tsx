import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../api.js';

/** The page of an invite link (`/app/invite#<token>`): the token stays in the fragment, out of logs and referrers. */
export function Invite() {
  const token = window.location.hash.slice(1);
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
      const answer = await api<{ email: string }>('POST', '/v1/session/invites/accept', { token, password });
      setDone(answer.email);
    } catch (caught) {
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
