import { useMemo, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, apiText } from '../api.js';
import { DataTable, type Column } from '../common/DataTable.js';
import { formatTime, messageOf } from '../common/errors.js';
import { usePageTitle } from '../common/use-page-title.js';
import { canWrite, useSession } from '../session.js';
import { SEVERITIES, topSeverity } from '../alerts/alert-model.js';
import { SeverityBadge } from '../alerts/AlertList.js';
import type { RulePage, SecurityRule } from './security-model.js';
import { AccountKindNotice } from './AccountKindNotice.js';
import { AnySelect, STATE_CHOICES } from '../common/AnySelect.js';
import { RuleEditor } from './RuleEditor.js';
import { BulkBar, SwitchActions } from '../common/BulkBar.js';

interface BulkAnswer {
  readonly total: number;
  readonly ruleIds: readonly number[];
  readonly skippedProtectedRuleIds: readonly number[];
}

/** Rules of the security account, filtered by the API (`/v2/security/rules/search`), with Sigma import. */
export function RuleList() {
  usePageTitle('Security rules');
  const writable = canWrite(useSession());
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [severity, setSeverity] = useState('');
  const [enabled, setEnabled] = useState('');
  const [tag, setTag] = useState('');
  const [editing, setEditing] = useState<SecurityRule | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const filter = {
    ...(search.trim() === '' ? {} : { search: search.trim() }),
    ...(severity === '' ? {} : { severities: [severity] }),
    ...(enabled === '' ? {} : { enabledState: [enabled === 'true'] }),
    ...(tag.trim() === '' ? {} : { tags: [tag.trim()] }),
  };
  const rules = useQuery({
    queryKey: ['security-rules', filter],
    queryFn: ({ signal }) =>
      api<RulePage>(
        'POST',
        '/v2/security/rules/search',
        { filter, sort: { sortByField: 'NAME' }, pagination: { pageNumber: 1, pageSize: 1000 } },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
  const toggle = useMutation({
    mutationFn: ({ id, on }: { id: number; on: boolean }) => api<null>('POST', `/v2/security/rules/${id}/${on ? 'enable' : 'disable'}`),
    // The switch moves at once; a refusal puts the lists back (they are read again either way).
    onMutate: async ({ id, on }) => {
      await client.cancelQueries({ queryKey: ['security-rules'] });
      const before = client.getQueriesData<RulePage>({ queryKey: ['security-rules'] });
      client.setQueriesData<RulePage>({ queryKey: ['security-rules'] }, (page) =>
        page === undefined ? page : { ...page, results: page.results.map((rule) => (rule.id === id ? { ...rule, enabled: on } : rule)) },
      );
      return { before };
    },
    onError: (_error, _change, context) => context?.before.forEach(([key, page]) => client.setQueryData(key, page)),
    onSettled: () => client.invalidateQueries({ queryKey: ['security-rules'] }),
  });
  const filterKey = JSON.stringify(filter);
  const [selectedFor, setSelectedFor] = useState(filterKey);
  if (selectedFor !== filterKey) {
    // A new filter starts a new selection: nothing hidden stays ticked.
    setSelectedFor(filterKey);
    setSelected(new Set());
    setAllMatching(false);
  }
  const bulk = useMutation({
    /** The API's bulk routes: the ticked rules by id, or every rule the filters match (all: every rule). */
    mutationFn: ({ action }: { action: 'enable' | 'disable' | 'delete' }) => {
      const target = allMatching
        ? Object.keys(filter).length === 0
          ? { all: true }
          : { filters: filter }
        : { filters: { ruleIds: [...selected].map(Number) } };
      return action === 'delete'
        ? api<BulkAnswer>('POST', '/v2/security/rules/bulk/delete', target)
        : api<BulkAnswer>('POST', '/v2/security/rules/bulk/update', { ...target, fields: { enabled: action === 'enable' } });
    },
    onSuccess: () => {
      setSelected(new Set());
      setAllMatching(false);
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['security-rules'] }),
  });
  const selectedCount = allMatching ? (rules.data?.total ?? 0) : selected.size;
  const runBulk = (action: 'enable' | 'disable' | 'delete') => {
    const count = selectedCount === 1 ? '1 rule' : `${selectedCount} rules`;
    if (action === 'delete' && !window.confirm(`Delete ${count}? Built-in rules are kept. This cannot be undone.`)) return;
    bulk.mutate({ action });
  };
  const columns = useMemo<Column<SecurityRule>[]>(
    () => [
      {
        id: 'title',
        header: 'Rule',
        accessorFn: (rule) => rule.title,
        cell: ({ row }) => (
          <>
            {row.original.title}
            {row.original.isProtected && (
              <span className="badge" title="A built-in rule: it can be enabled, disabled and given recipients, not rewritten">
                built-in
              </span>
            )}
          </>
        ),
      },
      {
        id: 'severity',
        header: 'Severity',
        accessorFn: (rule) => SEVERITIES.indexOf(topSeverity(rule) ?? 'INFO'),
        cell: ({ row }) => <SeverityBadge severity={topSeverity(row.original)} />,
      },
      { id: 'mitre', header: 'ATT&CK', enableSorting: false, cell: ({ row }) => row.original.mitreTags.join(', ') },
      { id: 'tags', header: 'Tags', enableSorting: false, cell: ({ row }) => (row.original.tags ?? []).slice(0, 4).join(', ') },
      {
        id: 'enabled',
        header: 'Enabled',
        accessorFn: (rule) => (rule.enabled ? 1 : 0),
        cell: ({ row }) => (
          <label className="switch">
            <input
              type="checkbox"
              checked={row.original.enabled}
              disabled={!writable}
              onChange={(event) => toggle.mutate({ id: row.original.id, on: event.target.checked })}
            />
            <span className="visually-hidden">Enabled: {row.original.title}</span>
          </label>
        ),
      },
      {
        id: 'updated',
        header: 'Last changed',
        accessorFn: (rule) => rule.updatedAt,
        cell: ({ row }) => (
          <>
            {formatTime(Date.parse(row.original.updatedAt))} <span className="muted">by {row.original.updatedBy}</span>
          </>
        ),
      },
      ...(writable
        ? [
            {
              id: 'actions',
              header: 'Actions',
              enableSorting: false,
              cell: ({ row }) => (
                <button
                  type="button"
                  onClick={() => {
                    setSaved(null);
                    setEditing(row.original);
                    // The form opens above the list: move the focus there.
                    requestAnimationFrame(() => document.getElementById('rule-edit-title')?.focus());
                  }}
                >
                  Edit<span className="visually-hidden"> {row.original.title}</span>
                </button>
              ),
            } satisfies Column<SecurityRule>,
          ]
        : []),
    ],
    [writable, toggle],
  );
  const forbidden = rules.error instanceof ApiError && rules.error.status === 403;
  return (
    <section aria-labelledby="rules-title">
      <div className="page-head">
        <h1 id="rules-title">Security rules</h1>
      </div>
      {forbidden ? (
        <AccountKindNotice kind="security" />
      ) : (
        <>
          {writable && <SigmaImport />}
          {editing !== null && (
            <RuleEditor
              key={editing.id}
              rule={editing}
              onClose={(title) => {
                setEditing(null);
                setSaved(title);
              }}
            />
          )}
          {saved !== null && <p role="status">Rule “{saved}” saved.</p>}
          <form className="filters" role="search" aria-label="Filter rules" onSubmit={(event) => event.preventDefault()}>
            <label>
              Search
              <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Rule name" />
            </label>
            <AnySelect label="Severity" value={severity} onChange={setSeverity} options={SEVERITIES} />
            <AnySelect label="State" value={enabled} onChange={setEnabled} options={STATE_CHOICES} />
            <label>
              Tag
              <input value={tag} onChange={(event) => setTag(event.target.value)} />
            </label>
          </form>
          {rules.isError ? (
            <p className="error" role="alert">
              {messageOf(rules.error)}
            </p>
          ) : rules.data === undefined ? (
            <p className="spinner" role="status">
              Loading rules…
            </p>
          ) : (
            <>
              <p className="count" role="status" data-testid="rule-count">
                {rules.data.total === 1 ? '1 rule' : `${rules.data.total} rules`}
              </p>
              {writable && (
                <BulkBar
                  noun={['rule', 'rules']}
                  selected={selected.size}
                  matching={rules.data.total}
                  allMatching={allMatching}
                  onSelectAllMatching={() => setAllMatching(true)}
                  onClear={() => {
                    setSelected(new Set());
                    setAllMatching(false);
                  }}
                >
                  <SwitchActions pending={bulk.isPending} onAction={runBulk} />
                </BulkBar>
              )}
              {bulk.isSuccess && (
                <p role="status" data-testid="bulk-result">
                  {bulk.data.total === 1 ? '1 rule' : `${bulk.data.total} rules`}{' '}
                  {bulk.variables.action === 'delete' ? 'deleted' : `${bulk.variables.action}d`}
                  {bulk.data.skippedProtectedRuleIds.length > 0 &&
                    `; ${bulk.data.skippedProtectedRuleIds.length} built-in kept (they cannot be deleted)`}
                </p>
              )}
              {bulk.isError && (
                <p className="error" role="alert">
                  {messageOf(bulk.error)}
                </p>
              )}
              {toggle.isError && (
                <p className="error" role="alert">
                  {messageOf(toggle.error)}
                </p>
              )}
              <DataTable
                caption="Security rules"
                data={rules.data.results}
                columns={columns}
                rowKey={(rule) => String(rule.id)}
                testId="rules"
                {...(writable
                  ? {
                      selection: {
                        selected: allMatching ? new Set(rules.data.results.map((rule) => String(rule.id))) : selected,
                        onChange: (next: Set<string>) => {
                          setAllMatching(false);
                          setSelected(next);
                        },
                        rowLabel: (rule: SecurityRule) => rule.title,
                      },
                    }
                  : {})}
              />
            </>
          )}
        </>
      )}
    </section>
  );
}

/** Sigma YAML pasted or read from a file; all documents are imported or none (the API's rule). */
function SigmaImport() {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [yaml, setYaml] = useState('');
  const importRules = useMutation({
    mutationFn: (text: string) => apiText<{ results: SecurityRule[] }>('POST', '/v2/security/rules/sigma', text, 'application/yaml'),
    onSuccess: () => {
      setYaml('');
      return client.invalidateQueries({ queryKey: ['security-rules'] });
    },
  });
  if (!open)
    return (
      <div className="actions">
        <button type="button" onClick={() => setOpen(true)}>
          Import Sigma rules…
        </button>
        {importRules.isSuccess && <span role="status">Imported: {importRules.data.results.map((rule) => rule.title).join(', ')}</span>}
      </div>
    );
  return (
    <form
      className="panel-box"
      aria-labelledby="sigma-title"
      onSubmit={(event) => {
        event.preventDefault();
        importRules.mutate(yaml, { onSuccess: () => setOpen(false) });
      }}
    >
      <h2 id="sigma-title">Import Sigma rules</h2>
      <label className="field">
        <span>Sigma YAML (several rules separated by ---)</span>
        <textarea className="mono" rows={10} value={yaml} onChange={(event) => setYaml(event.target.value)} required />
      </label>
      <label className="field">
        <span>Or read a .yml file</span>
        <input
          type="file"
          accept=".yml,.yaml,text/yaml,application/yaml"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file !== undefined) void file.text().then(setYaml);
          }}
        />
      </label>
      {importRules.isError && (
        <p className="error" role="alert">
          {messageOf(importRules.error)}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={yaml.trim() === '' || importRules.isPending}>
          Import
        </button>
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
