import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api.js';
import { DataTable, type Column } from '../common/DataTable.js';
import { messageOf } from '../common/errors.js';
import { usePageTitle } from '../common/use-page-title.js';
import { useSession } from '../session.js';
import { Secret } from './Secret.js';

interface Detailed {
  readonly subAccountRelation: { readonly searchable: boolean; readonly accessible: boolean; readonly type: string };
  readonly account: {
    readonly accountId: number;
    readonly accountName: string;
    readonly maxDailyGB: number | null;
    readonly retentionDays: number;
    readonly active: boolean;
  };
  readonly sharingObjectsAccounts: readonly { readonly accountId: number; readonly accountName: string }[];
  readonly dailyUsagesList: { readonly usage: readonly { readonly date: number; readonly bytes: number }[] };
}

interface NewAccount {
  accountName: string;
  maxDailyGB: string;
  retentionDays: string;
  searchable: boolean;
}

const GB = 1024 ** 3;

/** Daily ingested volume as bars against the account's capacity (the dashed line), last 30 days. */
function UsageChart({ usage, capacityGB, name }: { usage: Detailed['dailyUsagesList']['usage']; capacityGB: number | null; name: string }) {
  const days = usage.slice(-30);
  const top = Math.max(capacityGB ?? 0, ...days.map((day) => day.bytes / GB), 0.000001);
  const total = days.reduce((sum, day) => sum + day.bytes, 0);
  return (
    <svg
      className="usage"
      viewBox="0 0 120 30"
      preserveAspectRatio="none"
      role="img"
      aria-label={`Daily usage of ${name}: ${(total / GB).toFixed(3)} GB over ${days.length} days`}
    >
      {days.map((day, index) => {
        const height = (day.bytes / GB / top) * 28;
        return <rect key={day.date} x={index * 4} y={30 - height} width={3} height={height} className="bar" />;
      })}
      {capacityGB !== null && capacityGB > 0 && (
        <line x1="0" x2="120" y1={30 - (capacityGB / top) * 28} y2={30 - (capacityGB / top) * 28} className="capacity" />
      )}
    </svg>
  );
}

/** Sub accounts of the main account: capacity, retention, sharing, usage; new ones and their API tokens. */
export function SubAccountsPanel() {
  usePageTitle('Sub accounts');
  const session = useSession();
  const client = useQueryClient();
  const [token, setToken] = useState<{ account: string; token: string } | null>(null);
  const accounts = useQuery({
    queryKey: ['sub-accounts'],
    queryFn: ({ signal }) => api<Detailed[]>('GET', '/v1/account-management/time-based-accounts/detailed', undefined, signal),
  });
  const form = useForm<NewAccount>({ defaultValues: { accountName: '', maxDailyGB: '10', retentionDays: '7', searchable: true } });
  const create = useMutation({
    mutationFn: (values: NewAccount) =>
      api<{ accountId: number }>('POST', '/v1/account-management/time-based-accounts', {
        email: session.email,
        accountName: values.accountName.trim(),
        maxDailyGB: Number(values.maxDailyGB),
        retentionDays: Number(values.retentionDays),
        searchable: values.searchable,
        accessible: true,
        sharingObjectsAccounts: [],
      }),
    onSuccess: () => {
      form.reset();
      return client.invalidateQueries({ queryKey: ['sub-accounts'] });
    },
  });
  const newToken = useMutation({
    mutationFn: async (account: Detailed['account']) => {
      const made = await api<{ token: string }>('POST', '/v1/api-tokens/sub-account', {
        name: `web ${new Date().toISOString().slice(0, 10)}`,
        accountId: account.accountId,
      });
      setToken({ account: account.accountName, token: made.token });
    },
  });
  const columns = useMemo<Column<Detailed>[]>(
    () => [
      { id: 'name', header: 'Account', accessorFn: (row) => row.account.accountName },
      { id: 'id', header: 'Id', accessorFn: (row) => row.account.accountId },
      {
        id: 'capacity',
        header: 'Capacity (GB/day)',
        accessorFn: (row) => row.account.maxDailyGB ?? 0,
        cell: ({ row }) => row.original.account.maxDailyGB ?? '—',
      },
      { id: 'retention', header: 'Retention (days)', accessorFn: (row) => row.account.retentionDays },
      {
        id: 'sharing',
        header: 'Sharing',
        enableSorting: false,
        cell: ({ row }) =>
          [
            row.original.subAccountRelation.searchable ? 'searchable' : '',
            row.original.subAccountRelation.accessible ? 'accessible' : '',
            ...row.original.sharingObjectsAccounts.map((a) => `objects of ${a.accountName}`),
          ]
            .filter((part) => part !== '')
            .join(', ') || '—',
      },
      {
        id: 'usage',
        header: 'Daily usage (30 days)',
        enableSorting: false,
        cell: ({ row }) => (
          <UsageChart
            usage={row.original.dailyUsagesList.usage}
            capacityGB={row.original.account.maxDailyGB}
            name={row.original.account.accountName}
          />
        ),
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: ({ row }) =>
          row.original.subAccountRelation.type !== 'OWNER_ACCOUNT' && (
            <button type="button" onClick={() => newToken.mutate(row.original.account)}>
              New API token<span className="visually-hidden"> for {row.original.account.accountName}</span>
            </button>
          ),
      },
    ],
    [newToken],
  );
  const errors = form.formState.errors;
  return (
    <section aria-labelledby="accounts-title">
      <div className="page-head">
        <h1 id="accounts-title">Sub accounts</h1>
      </div>
      <form
        className="panel-box"
        aria-labelledby="new-account-title"
        onSubmit={(event) => void form.handleSubmit((values) => create.mutate(values))(event)}
        noValidate
      >
        <h2 id="new-account-title">New sub account</h2>
        <div className="form-grid">
          <label className="field">
            <span>Name</span>
            <input {...form.register('accountName', { required: 'A name is required' })} />
            {errors.accountName?.message !== undefined && (
              <span className="error" role="alert">
                {errors.accountName.message}
              </span>
            )}
          </label>
          <label className="field">
            <span>Capacity (GB a day)</span>
            <input
              type="number"
              min={0}
              step="any"
              {...form.register('maxDailyGB', { validate: (v) => Number(v) >= 0 || 'Not negative' })}
            />
          </label>
          <label className="field">
            <span>Retention (days)</span>
            <input type="number" min={1} {...form.register('retentionDays', { validate: (v) => Number(v) >= 1 || 'At least 1 day' })} />
            {errors.retentionDays?.message !== undefined && (
              <span className="error" role="alert">
                {errors.retentionDays.message}
              </span>
            )}
          </label>
          <label className="check">
            <input type="checkbox" {...form.register('searchable')} /> Searchable from the main account
          </label>
          <div>
            <button type="submit" className="primary" disabled={create.isPending}>
              Create sub account
            </button>
          </div>
        </div>
      </form>
      {token !== null && (
        <div className="notice" role="status">
          API token for {token.account} (shown here once): <Secret value={token.token} label={`API token for ${token.account}`} />
        </div>
      )}
      {(create.error ?? newToken.error) !== null && (
        <p className="error" role="alert">
          {messageOf(create.error ?? newToken.error)}
        </p>
      )}
      {accounts.isError ? (
        <p className="error" role="alert">
          {messageOf(accounts.error)}
        </p>
      ) : accounts.data === undefined ? (
        <p className="spinner" role="status">
          Loading…
        </p>
      ) : (
        <DataTable
          caption="Accounts"
          data={accounts.data}
          columns={columns}
          rowKey={(row) => String(row.account.accountId)}
          testId="accounts"
        />
      )}
    </section>
  );
}
