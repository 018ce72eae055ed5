import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api.js';
import { DataTable, type Column } from '../common/DataTable.js';
import { formatTime, messageOf } from '../common/errors.js';
import { usePageTitle } from '../common/use-page-title.js';
import { Secret } from './Secret.js';

interface ShippingToken {
  readonly id: number;
  readonly name: string;
  readonly token: string;
  readonly enabled: boolean;
  readonly createdAt: number;
  readonly createdBy: string | null;
}

/** The account's log shipping tokens: masked, enabled or disabled, made and deleted here. */
export function TokensPanel() {
  usePageTitle('Shipping tokens');
  const client = useQueryClient();
  const [name, setName] = useState('');
  const tokens = useQuery({
    queryKey: ['shipping-tokens'],
    queryFn: ({ signal }) =>
      api<{ total: number; results: ShippingToken[] }>(
        'POST',
        '/v1/log-shipping/tokens/search',
        { pagination: { pageNumber: 1, pageSize: 1000 } },
        signal,
      ),
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['shipping-tokens'] });
  const create = useMutation({
    mutationFn: () => api<ShippingToken>('POST', '/v1/log-shipping/tokens', { name: name.trim() }),
    onSuccess: () => {
      setName('');
      return refresh();
    },
  });
  const toggle = useMutation({
    mutationFn: (token: ShippingToken) =>
      api<unknown>('PUT', `/v1/log-shipping/tokens/${token.id}`, { name: token.name, enabled: !token.enabled }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (token: ShippingToken) => api<unknown>('DELETE', `/v1/log-shipping/tokens/${token.id}`),
    onSettled: refresh,
  });
  const columns = useMemo<Column<ShippingToken>[]>(
    () => [
      { id: 'name', header: 'Name', accessorFn: (token) => token.name },
      {
        id: 'token',
        header: 'Token',
        enableSorting: false,
        cell: ({ row }) => <Secret value={row.original.token} label={`token ${row.original.name}`} />,
      },
      {
        id: 'enabled',
        header: 'Enabled',
        accessorFn: (token) => (token.enabled ? 1 : 0),
        cell: ({ row }) => (
          <label className="switch">
            <input type="checkbox" checked={row.original.enabled} onChange={() => toggle.mutate(row.original)} />
            <span className="visually-hidden">Enabled: {row.original.name}</span>
          </label>
        ),
      },
      {
        id: 'created',
        header: 'Created',
        accessorFn: (token) => token.createdAt,
        cell: ({ row }) => `${formatTime(row.original.createdAt)}${row.original.createdBy === null ? '' : ` by ${row.original.createdBy}`}`,
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: ({ row }) => (
          <button
            type="button"
            className="danger"
            onClick={() => {
              if (window.confirm(`Delete the token “${row.original.name}”? Shippers using it stop at once.`)) remove.mutate(row.original);
            }}
          >
            Delete<span className="visually-hidden"> {row.original.name}</span>
          </button>
        ),
      },
    ],
    [toggle, remove],
  );
  return (
    <section aria-labelledby="tokens-title">
      <div className="page-head">
        <h1 id="tokens-title">Log shipping tokens</h1>
      </div>
      <form
        className="filters"
        aria-label="New shipping token"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate();
        }}
      >
        <label>
          Name of a new token
          <input value={name} onChange={(event) => setName(event.target.value)} required maxLength={200} />
        </label>
        <button type="submit" className="primary" disabled={name.trim() === '' || create.isPending}>
          Create token
        </button>
      </form>
      {(create.error ?? toggle.error ?? remove.error) !== null && (
        <p className="error" role="alert">
          {messageOf(create.error ?? toggle.error ?? remove.error)}
        </p>
      )}
      {tokens.isError ? (
        <p className="error" role="alert">
          {messageOf(tokens.error)}
        </p>
      ) : tokens.data === undefined ? (
        <p className="spinner" role="status">
          Loading…
        </p>
      ) : (
        <DataTable
          caption="Shipping tokens"
          data={tokens.data.results}
          columns={columns}
          rowKey={(token) => String(token.id)}
          testId="shipping-tokens"
        />
      )}
    </section>
  );
}
