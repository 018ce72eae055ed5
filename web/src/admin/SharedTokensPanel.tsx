import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api.js';
import { DataTable, type Column } from '../common/DataTable.js';
import { formatTime, messageOf } from '../common/errors.js';
import { usePageTitle } from '../common/use-page-title.js';
import { Secret } from './Secret.js';

interface SharedToken {
  readonly id: number;
  readonly name: string;
  readonly token: string;
  readonly filters: readonly number[];
  readonly filtersOperator: 'AND' | 'OR';
  readonly lastUsed: number | null;
  readonly expirationDate: number | null;
}

interface QueryFilter {
  readonly id: number;
  readonly field: string;
  readonly value: string;
}

/** Read-only tokens for dashboards shared outside, each narrowed by field=value filters. */
export function SharedTokensPanel() {
  usePageTitle('Shared tokens');
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const [field, setField] = useState('');
  const [value, setValue] = useState('');
  const tokens = useQuery({
    queryKey: ['shared-tokens'],
    queryFn: ({ signal }) => api<SharedToken[]>('GET', '/v1/shared-tokens', undefined, signal),
  });
  const filters = useQuery({
    queryKey: ['shared-filters'],
    queryFn: ({ signal }) => api<QueryFilter[]>('GET', '/v1/shared-tokens/filters', undefined, signal),
  });
  const createFilter = useMutation({
    mutationFn: () => api<QueryFilter>('POST', '/v1/shared-tokens/filters', { field: field.trim(), value: value.trim() }),
    onSuccess: () => {
      setField('');
      setValue('');
      return client.invalidateQueries({ queryKey: ['shared-filters'] });
    },
  });
  const create = useMutation({
    mutationFn: () => api<SharedToken>('POST', '/v1/shared-tokens', { tokenName: name.trim(), filters: chosen, filtersOperator: 'AND' }),
    onSuccess: () => {
      setName('');
      setChosen([]);
      return client.invalidateQueries({ queryKey: ['shared-tokens'] });
    },
  });
  const [editing, setEditing] = useState<SharedToken | null>(null);
  const [editFilters, setEditFilters] = useState<number[]>([]);
  const [editOperator, setEditOperator] = useState<'AND' | 'OR'>('AND');
  const [savedName, setSavedName] = useState<string | null>(null);
  const update = useMutation({
    // The token itself never changes (it is stored hashed, decision 0686): only its filters and their operator.
    mutationFn: (token: SharedToken) =>
      api<SharedToken>('PUT', `/v1/shared-tokens/${token.id}`, { filters: editFilters, filtersOperator: editOperator }),
    onSuccess: (_answer, token) => {
      setEditing(null);
      setSavedName(token.name);
      return client.invalidateQueries({ queryKey: ['shared-tokens'] });
    },
  });
  const startEdit = (token: SharedToken) => {
    setSavedName(null);
    setEditing(token);
    setEditFilters([...token.filters]);
    setEditOperator(token.filtersOperator);
  };
  const remove = useMutation({
    mutationFn: (token: SharedToken) => api<unknown>('DELETE', `/v1/shared-tokens/${token.id}`),
    onSettled: () => client.invalidateQueries({ queryKey: ['shared-tokens'] }),
  });
  const filterText = useMemo(() => new Map((filters.data ?? []).map((f) => [f.id, `${f.field}=${f.value}`])), [filters.data]);
  const columns = useMemo<Column<SharedToken>[]>(
    () => [
      { id: 'name', header: 'Name', accessorFn: (token) => token.name },
      {
        id: 'token',
        header: 'Token',
        enableSorting: false,
        cell: ({ row }) => <Secret value={row.original.token} label={`shared token ${row.original.name}`} />,
      },
      {
        id: 'filters',
        header: 'Filters',
        enableSorting: false,
        cell: ({ row }) =>
          row.original.filters.map((id) => filterText.get(id) ?? `#${id}`).join(` ${row.original.filtersOperator} `) || 'none',
      },
      {
        id: 'used',
        header: 'Last used',
        accessorFn: (token) => token.lastUsed ?? 0,
        cell: ({ row }) => (row.original.lastUsed === null ? 'never' : formatTime(row.original.lastUsed)),
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: ({ row }) => (
          <span className="row-actions">
            <button type="button" onClick={() => startEdit(row.original)}>
              Edit filters<span className="visually-hidden"> of {row.original.name}</span>
            </button>
            <button
              type="button"
              className="danger"
              onClick={() => window.confirm(`Delete the shared token “${row.original.name}”?`) && remove.mutate(row.original)}
            >
              Delete<span className="visually-hidden"> {row.original.name}</span>
            </button>
          </span>
        ),
      },
    ],
    // startEdit only uses state setters, which keep their identity.
    [filterText, remove],
  );
  const failure = create.error ?? createFilter.error ?? remove.error ?? update.error;
  return (
    <section aria-labelledby="shared-title">
      <div className="page-head">
        <h1 id="shared-title">Shared tokens</h1>
      </div>
      <form
        className="panel-box"
        aria-labelledby="new-shared-title"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate();
        }}
      >
        <h2 id="new-shared-title">New shared token</h2>
        <div className="filters">
          <label>
            Name
            <input value={name} onChange={(event) => setName(event.target.value)} required />
          </label>
          <div role="group" aria-label="Filters of the token" className="checks">
            {(filters.data ?? []).map((filter) => (
              <label key={filter.id} className="check">
                <input
                  type="checkbox"
                  checked={chosen.includes(filter.id)}
                  onChange={(event) => setChosen(event.target.checked ? [...chosen, filter.id] : chosen.filter((id) => id !== filter.id))}
                />{' '}
                {filter.field}={filter.value}
              </label>
            ))}
          </div>
          <button type="submit" className="primary" disabled={name.trim() === '' || create.isPending}>
            Create shared token
          </button>
        </div>
      </form>
      <form
        className="filters"
        aria-label="New filter"
        onSubmit={(event) => {
          event.preventDefault();
          createFilter.mutate();
        }}
      >
        <label>
          Filter field
          <input value={field} onChange={(event) => setField(event.target.value)} required />
        </label>
        <label>
          Filter value
          <input value={value} onChange={(event) => setValue(event.target.value)} required />
        </label>
        <button type="submit" disabled={field.trim() === '' || value.trim() === ''}>
          Add filter
        </button>
      </form>
      {editing !== null && (
        <form
          className="panel-box"
          aria-labelledby="edit-shared-title"
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate(editing);
          }}
        >
          <h2 id="edit-shared-title">Filters of “{editing.name}”</h2>
          <p className="muted">
            The token (<span className="mono">••••{editing.token.slice(-4)}</span>) stays the same; only what it may read changes.
          </p>
          <div className="filters">
            <div role="group" aria-label={`Filters of ${editing.name}`} className="checks">
              {(filters.data ?? []).map((filter) => (
                <label key={filter.id} className="check">
                  <input
                    type="checkbox"
                    checked={editFilters.includes(filter.id)}
                    onChange={(event) =>
                      setEditFilters(event.target.checked ? [...editFilters, filter.id] : editFilters.filter((id) => id !== filter.id))
                    }
                  />{' '}
                  {filter.field}={filter.value}
                </label>
              ))}
            </div>
            <label>
              Combine filters with
              <select value={editOperator} onChange={(event) => setEditOperator(event.target.value === 'OR' ? 'OR' : 'AND')}>
                <option value="AND">AND (all must match)</option>
                <option value="OR">OR (any may match)</option>
              </select>
            </label>
          </div>
          <div className="actions">
            <button type="submit" className="primary" disabled={update.isPending}>
              Save filters
            </button>
            <button type="button" onClick={() => setEditing(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {savedName !== null && <p role="status">Filters of “{savedName}” saved.</p>}
      {failure !== null && (
        <p className="error" role="alert">
          {messageOf(failure)}
        </p>
      )}
      {tokens.data !== undefined && (
        <DataTable
          caption="Shared tokens"
          data={tokens.data}
          columns={columns}
          rowKey={(token) => String(token.id)}
          testId="shared-tokens"
        />
      )}
    </section>
  );
}
