import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api.js';
import { messageOf } from '../common/errors.js';
import { usePageTitle } from '../common/use-page-title.js';
import { ROLES, roleLabel } from './roles.js';

interface AuthGroup {
  readonly group: string;
  readonly userRole: string;
}

/**
 * Single-sign-on groups and the role their members get. The API replaces the whole set at once and ends every
 * session of the account (SPEC.md), this one included, so the page edits a draft and saves it in one request.
 */
export function AuthGroupsPanel() {
  usePageTitle('Authentication groups');
  const client = useQueryClient();
  const groups = useQuery({
    queryKey: ['auth-groups'],
    queryFn: ({ signal }) => api<AuthGroup[]>('GET', '/v1/authentication/groups', undefined, signal),
  });
  const [draft, setDraft] = useState<AuthGroup[] | null>(null);
  const [name, setName] = useState('');
  const [role, setRole] = useState<string>('USER_ROLE_REGULAR');
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (groups.data !== undefined && draft === null) setDraft(groups.data);
  }, [groups.data, draft]);
  const save = useMutation({
    mutationFn: (next: AuthGroup[]) => api<AuthGroup[]>('POST', '/v1/authentication/groups', next),
    onSuccess: (answer) => {
      setDraft(answer);
      setSaved(true);
      client.setQueryData(['auth-groups'], answer);
    },
  });
  const rows = draft ?? [];
  const changed = groups.data !== undefined && JSON.stringify(groups.data) !== JSON.stringify(rows);
  const duplicate = rows.some((group) => group.group === name.trim());
  const edit = (next: AuthGroup[]) => {
    setSaved(false);
    setDraft(next);
  };
  return (
    <section aria-labelledby="auth-groups-title">
      <div className="page-head">
        <h1 id="auth-groups-title">Authentication groups</h1>
      </div>
      <p className="muted">
        Members of a group in your identity provider sign in with the role given here. Saving replaces the whole list and ends every session
        of this account, yours too: everyone signs in again.
      </p>
      <form
        className="filters"
        aria-label="Add a group"
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim() === '' || duplicate) return;
          edit([...rows, { group: name.trim(), userRole: role }]);
          setName('');
        }}
      >
        <label>
          Group name
          <input value={name} onChange={(event) => setName(event.target.value)} aria-invalid={duplicate} />
        </label>
        <label>
          Role of its members
          <select value={role} onChange={(event) => setRole(event.target.value)}>
            {ROLES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={name.trim() === '' || duplicate}>
          Add group
        </button>
        {duplicate && (
          <span className="error" role="alert">
            That group is already in the list.
          </span>
        )}
      </form>
      {groups.isError ? (
        <p className="error" role="alert">
          {messageOf(groups.error)}
        </p>
      ) : draft === null ? (
        <p className="spinner" role="status">
          Loading…
        </p>
      ) : (
        <div className="table-wrap">
          <table className="list" data-testid="auth-groups">
            <caption className="visually-hidden">Authentication groups</caption>
            <thead>
              <tr>
                <th scope="col">Group</th>
                <th scope="col">Role</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 && (
                <tr>
                  <td colSpan={3} className="muted">
                    No groups: only invited users sign in.
                  </td>
                </tr>
              )}
              {rows.map((group, index) => (
                <tr key={group.group}>
                  <td className="mono">{group.group}</td>
                  <td>
                    <select
                      aria-label={`Role of group ${group.group}`}
                      value={group.userRole}
                      onChange={(event) => edit(rows.map((g, i) => (i === index ? { ...g, userRole: event.target.value } : g)))}
                    >
                      {ROLES.map(([value, label]) => (
                        <option key={value} value={value}>
                          {label}
                        </option>
                      ))}
                      {!ROLES.some(([value]) => value === group.userRole) && (
                        <option value={group.userRole}>{roleLabel(group.userRole)}</option>
                      )}
                    </select>
                  </td>
                  <td>
                    <button type="button" className="danger" onClick={() => edit(rows.filter((_, i) => i !== index))}>
                      Remove<span className="visually-hidden"> group {group.group}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="actions">
        {changed && <strong>Not saved yet.</strong>}
        <button
          type="button"
          className="primary"
          disabled={!changed || save.isPending}
          onClick={() =>
            window.confirm('Save the groups? Every session of this account ends, yours too: everyone signs in again.') && save.mutate(rows)
          }
        >
          Save groups
        </button>
        <button type="button" disabled={!changed || save.isPending} onClick={() => edit(groups.data ?? [])}>
          Discard changes
        </button>
        {saved && !changed && <span role="status">Groups saved.</span>}
      </div>
      {save.isError && (
        <p className="error" role="alert">
          {messageOf(save.error)}
        </p>
      )}
    </section>
  );
}
