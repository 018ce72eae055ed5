import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api.js';
import { DataTable, type Column } from '../common/DataTable.js';
import { formatTime, messageOf } from '../common/errors.js';
import { AppLink } from '../common/SubNav.js';
import { usePageTitle } from '../common/use-page-title.js';
import { canWrite, useSession } from '../session.js';
import { getSavedObject, saveObject, type SavedObject, type SavedObjectPage, type SavedObjectType } from '../saved-objects.js';
import { convertHitQuery, hitsOfNdjson, ndjsonOfHits } from './kql.js';

const TYPES: readonly SavedObjectType[] = ['search', 'visualization', 'dashboard'];
const TYPE_LABEL: Readonly<Record<SavedObjectType, string>> = {
  search: 'Saved search',
  visualization: 'Visualization',
  dashboard: 'Dashboard',
};

function openLink(object: SavedObject): string {
  if (object.type === 'search') return `/app/discover?saved=${encodeURIComponent(object.id)}`;
  return `/app/${object.type === 'visualization' ? 'visualize' : 'dashboards'}/${encodeURIComponent(object.id)}`;
}

function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

interface ImportResult {
  readonly created: readonly string[];
  readonly updated: readonly string[];
  readonly ignored: readonly string[];
  readonly failed: readonly string[];
}

/** Saved searches, visualizations and dashboards: find, rename, delete, export and import (decision 0688). */
export default function SavedObjectsPage() {
  usePageTitle('Saved objects');
  const writable = canWrite(useSession());
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [type, setType] = useState<'' | SavedObjectType>('');
  const [renaming, setRenaming] = useState<{ object: SavedObject; title: string } | null>(null);
  const [notes, setNotes] = useState<readonly string[]>([]);
  const [override, setOverride] = useState(false);
  const objects = useQuery({
    queryKey: ['saved-objects', search],
    queryFn: async ({ signal }) => {
      const pages = await Promise.all(
        TYPES.map((t) =>
          api<SavedObjectPage>('GET', `/v1/saved-objects/${t}?perPage=1000&search=${encodeURIComponent(search.trim())}`, undefined, signal),
        ),
      );
      return pages.flatMap((page) => page.objects);
    },
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['saved-objects'] });
  const rename = useMutation({
    mutationFn: async ({ object, title }: { object: SavedObject; title: string }) => {
      const current = await getSavedObject<Record<string, unknown>>(object.type, object.id);
      await saveObject(object.type, object.id, { ...current.attributes, title }, current.references);
    },
    onSuccess: () => {
      setRenaming(null);
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (object: SavedObject) => api<unknown>('DELETE', `/v1/saved-objects/${object.type}/${encodeURIComponent(object.id)}`),
    onSettled: refresh,
  });
  const exportAll = useMutation({
    mutationFn: async (format: 'json' | 'ndjson') => {
      const types = type === '' ? TYPES : [type];
      const pages = await Promise.all(
        types.map((t) => api<{ kibanaVersion: string; hits: Record<string, unknown>[] }>('POST', '/v1/kibana/export', { type: t })),
      );
      const hits = pages.flatMap((page) => page.hits);
      if (format === 'json')
        download(
          'saved-objects.json',
          JSON.stringify({ kibanaVersion: pages[0]?.kibanaVersion ?? '7.10.2', hits }, null, 2),
          'application/json',
        );
      else download('saved-objects.ndjson', ndjsonOfHits(hits), 'application/x-ndjson');
    },
  });
  const importFile = useMutation({
    mutationFn: async (file: File) => {
      const text = await file.text();
      const trimmed = text.trim();
      let hits: Record<string, unknown>[];
      let kibanaVersion: string | undefined;
      if (trimmed.startsWith('{') && !trimmed.includes('\n{')) {
        const parsed = JSON.parse(trimmed) as { hits?: unknown; kibanaVersion?: unknown };
        if (!Array.isArray(parsed.hits))
          throw new Error('A JSON export holds a "hits" list (Logz.io export); for Kibana use its NDJSON file.');
        hits = parsed.hits as Record<string, unknown>[];
        if (typeof parsed.kibanaVersion === 'string') kibanaVersion = parsed.kibanaVersion;
      } else hits = hitsOfNdjson(text);
      const converted = hits.map(convertHitQuery);
      const result = await api<ImportResult>('POST', '/v1/kibana/import', {
        hits: converted.map((entry) => entry.hit),
        override,
        ...(kibanaVersion === undefined ? {} : { kibanaVersion }),
      });
      setNotes(converted.flatMap((entry) => (entry.note === undefined ? [] : [entry.note])));
      return result;
    },
    onSettled: refresh,
  });

  const shown = useMemo(() => (objects.data ?? []).filter((object) => type === '' || object.type === type), [objects.data, type]);
  const columns = useMemo<Column<SavedObject>[]>(
    () => [
      {
        id: 'title',
        header: 'Title',
        accessorFn: (object) => object.attributes.title,
        cell: ({ row }) =>
          renaming?.object.id === row.original.id && renaming.object.type === row.original.type ? (
            <form
              className="inline-form"
              onSubmit={(event) => {
                event.preventDefault();
                rename.mutate({ object: row.original, title: renaming.title.trim() });
              }}
            >
              <input
                aria-label={`New title of ${row.original.attributes.title}`}
                value={renaming.title}
                autoFocus
                onChange={(event) => setRenaming({ ...renaming, title: event.target.value })}
              />
              <button type="submit" className="primary" disabled={renaming.title.trim() === ''}>
                Save
              </button>
              <button type="button" onClick={() => setRenaming(null)}>
                Cancel
              </button>
            </form>
          ) : (
            <AppLink href={openLink(row.original)}>{row.original.attributes.title}</AppLink>
          ),
      },
      { id: 'type', header: 'Type', accessorFn: (object) => TYPE_LABEL[object.type] },
      { id: 'updated', header: 'Updated', accessorFn: (object) => object.updatedAt, cell: ({ row }) => formatTime(row.original.updatedAt) },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: ({ row }) =>
          writable && (
            <span className="actions">
              <button type="button" onClick={() => setRenaming({ object: row.original, title: row.original.attributes.title })}>
                Rename<span className="visually-hidden"> {row.original.attributes.title}</span>
              </button>
              <button
                type="button"
                className="danger"
                onClick={() => {
                  if (window.confirm(`Delete “${row.original.attributes.title}”?`)) remove.mutate(row.original);
                }}
              >
                Delete<span className="visually-hidden"> {row.original.attributes.title}</span>
              </button>
            </span>
          ),
      },
    ],
    [writable, renaming, rename, remove],
  );
  const failure = rename.error ?? remove.error ?? exportAll.error ?? importFile.error;
  return (
    <div className="page">
      <section aria-labelledby="objects-title">
        <div className="page-head">
          <h1 id="objects-title">Saved objects</h1>
          <button type="button" onClick={() => exportAll.mutate('json')}>
            Export JSON (Logz.io)
          </button>
          <button type="button" onClick={() => exportAll.mutate('ndjson')}>
            Export NDJSON (Kibana)
          </button>
        </div>
        {writable && (
          <form className="filters panel-box" aria-label="Import saved objects" onSubmit={(event) => event.preventDefault()}>
            <label>
              Import a file (Logz.io export JSON or Kibana NDJSON)
              <input
                type="file"
                accept=".json,.ndjson,application/json,application/x-ndjson"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file !== undefined) importFile.mutate(file);
                  event.target.value = '';
                }}
              />
            </label>
            <label className="check">
              <input type="checkbox" checked={override} onChange={(event) => setOverride(event.target.checked)} /> Replace objects with the
              same id
            </label>
          </form>
        )}
        {importFile.isSuccess && (
          <div className="notice" role="status" data-testid="import-result">
            <p>
              Imported: {importFile.data.created.length} created, {importFile.data.updated.length} replaced,{' '}
              {importFile.data.ignored.length} kept as they were, {importFile.data.failed.length} failed
              {importFile.data.failed.length > 0 && ` (${importFile.data.failed.join('; ')})`}.
            </p>
            {notes.length > 0 && (
              <ul>
                {notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        {failure !== null && (
          <p className="error" role="alert">
            {messageOf(failure)}
          </p>
        )}
        <form className="filters" role="search" aria-label="Filter saved objects" onSubmit={(event) => event.preventDefault()}>
          <label>
            Search titles
            <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
          </label>
          <label>
            Type
            <select value={type} onChange={(event) => setType(event.target.value as '' | SavedObjectType)}>
              <option value="">All</option>
              {TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABEL[t]}
                </option>
              ))}
            </select>
          </label>
        </form>
        {objects.isError ? (
          <p className="error" role="alert">
            {messageOf(objects.error)}
          </p>
        ) : objects.data === undefined ? (
          <p className="spinner" role="status">
            Loading…
          </p>
        ) : (
          <>
            <p className="count" role="status" data-testid="object-count">
              {shown.length === 1 ? '1 object' : `${shown.length} objects`}
            </p>
            <DataTable
              caption="Saved objects"
              data={shown}
              columns={columns}
              rowKey={(object) => `${object.type}:${object.id}`}
              testId="objects"
              empty="No saved objects."
            />
          </>
        )}
      </section>
    </div>
  );
}
