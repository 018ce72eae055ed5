import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api.js';
import { DataTable, type Column } from '../common/DataTable.js';
import { messageOf } from '../common/errors.js';
import { usePageTitle } from '../common/use-page-title.js';
import { useSession } from '../session.js';
import { ROLES } from './roles.js';

interface User {
  readonly id: number;
  readonly username: string;
  readonly fullName: string;
  readonly accountID: number;
  readonly role: string;
  readonly active: boolean;
}

interface NewUser {
  username: string;
  fullName: string;
  role: string;
}

/** Users of the account: everyone may read the list; admins create, invite, suspend, change roles and remove. */
export function UsersPanel() {
  usePageTitle('Users');
  const session = useSession();
  const admin = session.role === 'admin';
  const client = useQueryClient();
  const [invite, setInvite] = useState<{ email: string; url: string } | null>(null);
  const users = useQuery({ queryKey: ['users'], queryFn: ({ signal }) => api<User[]>('GET', '/v1/user-management', undefined, signal) });
  const refresh = () => client.invalidateQueries({ queryKey: ['users'] });
  const form = useForm<NewUser>({ defaultValues: { username: '', fullName: '', role: 'USER_ROLE_REGULAR' } });
  const create = useMutation({
    mutationFn: (user: NewUser) => api<{ id: number }>('POST', '/v1/user-management', { ...user, accountID: session.accountId }),
    onSuccess: () => {
      form.reset();
      return refresh();
    },
  });
  const sendInvite = useMutation({
    mutationFn: async (user: User) => {
      const link = await api<{ path: string }>('POST', '/v1/session/invites', { userId: user.id });
      setInvite({ email: user.username, url: new URL(link.path, window.location.origin).toString() });
    },
  });
  const suspend = useMutation({
    mutationFn: (user: User) => api<unknown>('POST', `/v1/user-management/${user.active ? 'suspend' : 'unsuspend'}/${user.id}`),
    onSettled: refresh,
  });
  const setRole = useMutation({
    mutationFn: ({ user, role }: { user: User; role: string }) =>
      api<unknown>('PUT', `/v1/user-management/${user.id}`, {
        username: user.username,
        fullName: user.fullName,
        accountID: user.accountID,
        role,
      }),
    onSettled: refresh,
  });
  const remove = useMutation({ mutationFn: (user: User) => api<unknown>('DELETE', `/v1/user-management/${user.id}`), onSettled: refresh });
  const failure = create.error ?? sendInvite.error ?? suspend.error ?? setRole.error ?? remove.error;

  const columns = useMemo<Column<User>[]>(
    () => [
      { id: 'email', header: 'E-mail', accessorFn: (user) => user.username },
      { id: 'name', header: 'Name', accessorFn: (user) => user.fullName },
      {
        id: 'role',
        header: 'Role',
        accessorFn: (user) => user.role,
        cell: ({ row }) =>
          admin && row.original.id !== session.userId ? (
            <select
              aria-label={`Role of ${row.original.username}`}
              value={row.original.role}
              onChange={(event) => setRole.mutate({ user: row.original, role: event.target.value })}
            >
              {ROLES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
              {row.original.role === 'USER_ROLE_ADMIN' && <option value="USER_ROLE_ADMIN">Admin (all accounts)</option>}
            </select>
          ) : (
            (ROLES.find(([value]) => value === row.original.role)?.[1] ?? 'Admin')
          ),
      },
      {
        id: 'state',
        header: 'State',
        accessorFn: (user) => (user.active ? 'active' : 'suspended'),
        cell: ({ getValue }) => <span className={getValue() === 'active' ? undefined : 'badge'}>{String(getValue())}</span>,
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: ({ row }) =>
          admin &&
          row.original.id !== session.userId && (
            <span className="actions">
              <button type="button" onClick={() => sendInvite.mutate(row.original)}>
                Invite link<span className="visually-hidden"> for {row.original.username}</span>
              </button>
              <button type="button" onClick={() => suspend.mutate(row.original)}>
                {row.original.active ? 'Suspend' : 'Unsuspend'}
                <span className="visually-hidden"> {row.original.username}</span>
              </button>
              <button
                type="button"
                className="danger"
                onClick={() => {
                  if (window.confirm(`Remove ${row.original.username} from this account?`)) remove.mutate(row.original);
                }}
              >
                Remove<span className="visually-hidden"> {row.original.username}</span>
              </button>
            </span>
          ),
      },
    ],
    [admin, session.userId, sendInvite, suspend, setRole, remove],
  );
  const errors = form.formState.errors;
  return (
    <section aria-labelledby="users-title">
      <div className="page-head">
        <h1 id="users-title">Users of {session.accountName}</h1>
      </div>
      {admin && (
        <form
          className="panel-box"
          aria-labelledby="new-user-title"
          onSubmit={(event) => void form.handleSubmit((user) => create.mutate(user))(event)}
          noValidate
        >
          <h2 id="new-user-title">Add a user</h2>
          <div className="form-grid">
            <label className="field">
              <span>E-mail</span>
              <input
                type="email"
                {...form.register('username', {
                  required: 'An e-mail is required',
                  pattern: { value: /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, message: 'Not an e-mail address' },
                })}
              />
              {errors.username?.message !== undefined && (
                <span className="error" role="alert">
                  {errors.username.message}
                </span>
              )}
            </label>
            <label className="field">
              <span>Full name</span>
              <input {...form.register('fullName', { required: 'A name is required' })} />
              {errors.fullName?.message !== undefined && (
                <span className="error" role="alert">
                  {errors.fullName.message}
                </span>
              )}
            </label>
            <label className="field">
              <span>Role</span>
              <select {...form.register('role')}>
                {ROLES.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
            <div>
              <button type="submit" className="primary" disabled={create.isPending}>
                Add user
              </button>
            </div>
          </div>
        </form>
      )}
      {invite !== null && (
        <div className="notice" role="status">
          <p>One-time link for {invite.email} to set a password (send it to them; it is shown once):</p>
          <input
            className="mono"
            readOnly
            value={invite.url}
            aria-label="Invite link"
            onFocus={(event) => event.target.select()}
            style={{ width: '100%' }}
          />
        </div>
      )}
      {failure !== null && (
        <p className="error" role="alert">
          {messageOf(failure)}
        </p>
      )}
      {users.isError ? (
        <p className="error" role="alert">
          {messageOf(users.error)}
        </p>
      ) : users.data === undefined ? (
        <p className="spinner" role="status">
          Loading…
        </p>
      ) : (
        <DataTable caption="Users" data={users.data} columns={columns} rowKey={(user) => String(user.id)} testId="users" />
      )}
    </section>
  );
}
