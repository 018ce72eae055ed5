import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../api.js';
import { DataTable, type Column } from '../common/DataTable.js';
import { formatTime } from '../common/errors.js';
import { Failure, QueryView } from '../common/QueryView.js';
import { AppLink } from '../common/SubNav.js';
import { usePageTitle } from '../common/use-page-title.js';
import { canWrite, useSession } from '../session.js';
import { elementsOfText, type LookupElement, type LookupList } from './security-model.js';
import { AccountKindNotice } from './AccountKindNotice.js';

const DAY_MS = 86_400_000;
const EXPIRY: readonly [string, number | null][] = [
  ['Never', null],
  ['1 day', DAY_MS],
  ['7 days', 7 * DAY_MS],
  ['30 days', 30 * DAY_MS],
  ['90 days', 90 * DAY_MS],
];

/** Lookup lists (the values rules and queries match with `in lookups`), or one list's elements. */
export function LookupLists({ listId }: { listId: string | undefined }) {
  return listId === undefined || listId === '' ? <ListOfLists /> : <Elements listId={listId} />;
}

function ListOfLists() {
  usePageTitle('Lookup lists');
  const writable = canWrite(useSession());
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const lists = useQuery({
    queryKey: ['lookup-lists', search],
    queryFn: ({ signal }) =>
      api<{ total: number; results: LookupList[] }>(
        'POST',
        '/v1/lookup-lists/search',
        { ...(search.trim() === '' ? {} : { filter: { searchTerm: search.trim() } }), pagination: { pageNumber: 1, pageSize: 1000 } },
        signal,
      ),
  });
  const create = useMutation({
    mutationFn: () => api<LookupList>('POST', '/v1/lookup-lists', { name: name.trim(), description: description.trim() }),
    onSuccess: () => {
      setName('');
      setDescription('');
      return client.invalidateQueries({ queryKey: ['lookup-lists'] });
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => api<LookupList>('DELETE', `/v1/lookup-lists/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: ['lookup-lists'] }),
  });
  const columns = useMemo<Column<LookupList>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        accessorFn: (list) => list.name,
        cell: ({ row }) => <AppLink href={`/app/security/lookups/${row.original.id}`}>{row.original.name}</AppLink>,
      },
      { id: 'description', header: 'Description', accessorFn: (list) => list.description },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: ({ row }) =>
          writable && (
            <button
              type="button"
              className="danger"
              onClick={() => {
                if (window.confirm(`Delete the lookup list “${row.original.name}”?`)) remove.mutate(row.original.id);
              }}
            >
              Delete<span className="visually-hidden"> {row.original.name}</span>
            </button>
          ),
      },
    ],
    [writable, remove],
  );
  if (lists.error instanceof ApiError && lists.error.status === 403) return <AccountKindNotice kind="logs" />;
  return (
    <section aria-labelledby="lookups-title">
      <div className="page-head">
        <h1 id="lookups-title">Lookup lists</h1>
      </div>
      {writable && (
        <form
          className="filters"
          aria-label="New lookup list"
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate();
          }}
        >
          <label>
            Name of a new list
            <input value={name} maxLength={40} onChange={(event) => setName(event.target.value)} required />
          </label>
          <label>
            Description
            <input value={description} maxLength={400} onChange={(event) => setDescription(event.target.value)} />
          </label>
          <button type="submit" className="primary" disabled={name.trim() === '' || create.isPending}>
            Create list
          </button>
        </form>
      )}
      <Failure error={create.error ?? remove.error} />
      <form className="filters" role="search" aria-label="Filter lookup lists" onSubmit={(event) => event.preventDefault()}>
        <label>
          Search
          <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </label>
      </form>
      <QueryView query={lists}>
        {(data) => (
          <DataTable
            caption="Lookup lists"
            data={data.results}
            columns={columns}
            rowKey={(list) => list.id}
            testId="lookup-lists"
            empty="No lookup lists."
          />
        )}
      </QueryView>
    </section>
  );
}

function Elements({ listId }: { listId: string }) {
  const writable = canWrite(useSession());
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [text, setText] = useState('');
  const [expiry, setExpiry] = useState('0');
  const list = useQuery({
    queryKey: ['lookup-list', listId],
    queryFn: ({ signal }) => api<LookupList>('GET', `/v1/lookup-lists/${listId}`, undefined, signal),
  });
  usePageTitle(`Lookup list: ${list.data?.name ?? '…'}`);
  const elements = useQuery({
    queryKey: ['lookup-elements', listId, search],
    queryFn: ({ signal }) =>
      api<{ total: number; results: LookupElement[] }>(
        'POST',
        `/v1/lookup-lists/${listId}/elements/search`,
        { ...(search.trim() === '' ? {} : { filter: { searchTerm: search.trim() } }), pagination: { pageNumber: 1, pageSize: 1000 } },
        signal,
      ),
  });
  const parsed = useMemo(() => elementsOfText(text), [text]);
  const add = useMutation({
    mutationFn: () => {
      const ttl = EXPIRY[Number(expiry)]?.[1] ?? null;
      const expirationDate = ttl === null ? null : Date.now() + ttl;
      return api<{
        status: string;
        numOfAddedElements: number;
        numOfMergedElements: number;
        numOfFailedElements: number;
        failures: { value: unknown; reason: string }[];
      }>(
        'POST',
        `/v1/lookup-lists/${listId}/elements/bulk-add`,
        parsed.map((element) => ({ ...element, expirationDate })),
      );
    },
    onSuccess: () => {
      setText('');
      return client.invalidateQueries({ queryKey: ['lookup-elements', listId] });
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api<LookupElement>('DELETE', `/v1/lookup-lists/${listId}/elements/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: ['lookup-elements', listId] }),
  });
  const columns = useMemo<Column<LookupElement>[]>(
    () => [
      {
        id: 'value',
        header: 'Value',
        accessorFn: (element) => element.value,
        cell: ({ getValue }) => <span className="mono">{String(getValue())}</span>,
      },
      { id: 'comment', header: 'Comment', accessorFn: (element) => element.comment },
      {
        id: 'expires',
        header: 'Expires',
        accessorFn: (element) => element.expirationDate ?? Number.MAX_SAFE_INTEGER,
        cell: ({ row }) => (row.original.expirationDate === null ? 'never' : formatTime(row.original.expirationDate)),
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: ({ row }) =>
          writable && (
            <button type="button" onClick={() => remove.mutate(row.original.id)}>
              Remove<span className="visually-hidden"> {row.original.value}</span>
            </button>
          ),
      },
    ],
    [writable, remove],
  );
  return (
    <section aria-labelledby="elements-title">
      <div className="page-head">
        <h1 id="elements-title">Lookup list “{list.data?.name ?? '…'}”</h1>
        <AppLink href="/app/security/lookups">All lookup lists</AppLink>
      </div>
      {list.data?.description !== undefined && list.data.description !== '' && <p className="muted">{list.data.description}</p>}
      {writable && (
        <form
          className="panel-box"
          aria-labelledby="add-elements-title"
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate();
          }}
        >
          <h2 id="add-elements-title">Add elements</h2>
          <label className="field">
            <span>Values, one a line (value,comment); or a CSV file below</span>
            <textarea className="mono" rows={5} value={text} onChange={(event) => setText(event.target.value)} />
          </label>
          <div className="filters">
            <label>
              CSV file
              <input
                type="file"
                accept=".csv,.txt,text/csv,text/plain"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file !== undefined) void file.text().then(setText);
                }}
              />
            </label>
            <label>
              Expire after
              <select value={expiry} onChange={(event) => setExpiry(event.target.value)}>
                {EXPIRY.map(([label], index) => (
                  <option key={label} value={index}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="primary" disabled={parsed.length === 0 || add.isPending}>
              Add {parsed.length === 1 ? '1 element' : `${parsed.length} elements`}
            </button>
          </div>
          {add.isSuccess && (
            <p role="status">
              Added {add.data.numOfAddedElements}, merged {add.data.numOfMergedElements}, failed {add.data.numOfFailedElements}
              {add.data.failures.length > 0 &&
                `: ${add.data.failures.map((failure) => `${String(failure.value)} (${failure.reason})`).join('; ')}`}
            </p>
          )}
          <Failure error={add.error} />
        </form>
      )}
      <form className="filters" role="search" aria-label="Filter elements" onSubmit={(event) => event.preventDefault()}>
        <label>
          Search values
          <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </label>
      </form>
      <QueryView query={elements}>
        {(data) => (
          <>
            <p className="count" role="status" data-testid="element-count">
              {data.total === 1 ? '1 element' : `${data.total} elements`}
            </p>
            <DataTable
              caption="Elements"
              data={data.results}
              columns={columns}
              rowKey={(element) => String(element.id)}
              testId="elements"
              empty="No elements."
            />
          </>
        )}
      </QueryView>
    </section>
  );
}
