import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api.js';
import { DataTable, type Column } from '../common/DataTable.js';
import { Failure, QueryView } from '../common/QueryView.js';
import { usePageTitle } from '../common/use-page-title.js';
import { canWrite, useSession } from '../session.js';

/** The endpoint types of the API (src/modules/notifications/endpoint-types.ts): URL slug, type name, fields. */
const TYPES = {
  slack: { name: 'Slack', fields: ['url'] },
  custom: { name: 'Custom', fields: ['url', 'method', 'headers', 'bodyTemplate'] },
  'pager-duty': { name: 'PagerDuty', fields: ['serviceKey'] },
  'big-panda': { name: 'BigPanda', fields: ['apiToken', 'appKey'] },
  'data-dog': { name: 'Datadog', fields: ['apiKey'] },
  victorops: { name: 'VictorOps', fields: ['routingKey', 'messageType', 'serviceApiKey'] },
  'ops-genie': { name: 'Opsgenie', fields: ['apiKey'] },
  'service-now': { name: 'ServiceNow', fields: ['username', 'password', 'url'] },
  'microsoft-teams': { name: 'Microsoft Teams', fields: ['url'] },
} as const;
type Slug = keyof typeof TYPES;
type FieldName =
  | 'url'
  | 'method'
  | 'headers'
  | 'bodyTemplate'
  | 'serviceKey'
  | 'apiToken'
  | 'appKey'
  | 'apiKey'
  | 'routingKey'
  | 'messageType'
  | 'serviceApiKey'
  | 'username'
  | 'password';

const LABELS: Readonly<Record<FieldName, string>> = {
  url: 'URL',
  method: 'Method',
  headers: 'Headers (Name=value, comma-separated)',
  bodyTemplate: 'Body template (JSON)',
  serviceKey: 'Service key',
  apiToken: 'API token',
  appKey: 'App key',
  apiKey: 'API key',
  routingKey: 'Routing key',
  messageType: 'Message type',
  serviceApiKey: 'Service API key',
  username: 'User name',
  password: 'Password',
};
const SECRET_FIELDS: ReadonlySet<string> = new Set([
  'serviceKey',
  'apiToken',
  'appKey',
  'apiKey',
  'serviceApiKey',
  'password',
  'routingKey',
]);

interface Endpoint {
  readonly id: number;
  readonly title: string;
  readonly description: string;
  readonly endpointType: string;
  readonly url?: string;
  readonly [field: string]: unknown;
}

type EndpointForm = { slug: Slug; title: string; description: string } & Record<FieldName, string>;

const EMPTY: EndpointForm = {
  slug: 'custom',
  title: '',
  description: '',
  url: '',
  method: 'POST',
  headers: '',
  bodyTemplate: '',
  serviceKey: '',
  apiToken: '',
  appKey: '',
  apiKey: '',
  routingKey: '',
  messageType: '',
  serviceApiKey: '',
  username: '',
  password: '',
};

/**
 * The request of a form. When editing, a secret left blank keeps the endpoint's stored one: the form never shows a
 * secret, and the API replaces the whole endpoint, so the page sends the kept value back itself.
 */
function bodyOf(values: EndpointForm, editing: Endpoint | null): Record<string, unknown> {
  const body: Record<string, unknown> = { title: values.title.trim(), description: values.description };
  for (const field of TYPES[values.slug].fields) {
    const text = values[field].trim();
    const kept = editing?.[field];
    if (text === '' && SECRET_FIELDS.has(field) && typeof kept === 'string' && kept !== '') body[field] = kept;
    if (text === '') continue;
    body[field] = field === 'bodyTemplate' ? (JSON.parse(text) as unknown) : text;
  }
  return body;
}

function slugOf(endpoint: Endpoint): Slug {
  return (Object.keys(TYPES) as Slug[]).find((slug) => TYPES[slug].name === endpoint.endpointType) ?? 'custom';
}

/** An endpoint's form: its fields filled in, its secrets blank (blank keeps them). */
function formOf(endpoint: Endpoint): EndpointForm {
  const values: EndpointForm = { ...EMPTY, slug: slugOf(endpoint), title: endpoint.title, description: endpoint.description };
  for (const field of Object.keys(LABELS) as FieldName[]) {
    const value = endpoint[field];
    if (SECRET_FIELDS.has(field) || value === undefined || value === null) continue;
    values[field] = field === 'bodyTemplate' ? (typeof value === 'string' ? value : JSON.stringify(value)) : String(value);
  }
  return values;
}

/** The last four characters of a secret, as the list shows it. */
function maskedTail(value: unknown): string {
  return `••••${String(value).slice(-4).replace(/^\*+/, '')}`;
}

/** Where alerts and security events are sent, with "Send a test"; secrets are shown masked. */
export function EndpointsPanel() {
  usePageTitle('Notification endpoints');
  const writable = canWrite(useSession());
  const client = useQueryClient();
  const [tested, setTested] = useState<string | null>(null);
  const [editing, setEditing] = useState<Endpoint | null>(null);
  const endpoints = useQuery({
    queryKey: ['endpoints'],
    queryFn: ({ signal }) => api<Endpoint[]>('GET', '/v1/endpoints', undefined, signal),
  });
  const form = useForm<EndpointForm>({ defaultValues: EMPTY });
  const slug = form.watch('slug');
  const create = useMutation({
    mutationFn: (values: EndpointForm) =>
      editing === null
        ? api<{ id: number }>('POST', `/v1/endpoints/${values.slug}`, bodyOf(values, null))
        : api<{ id: number }>('PUT', `/v1/endpoints/${values.slug}/${editing.id}`, bodyOf(values, editing)),
    onSuccess: () => {
      setTested(editing === null ? null : `“${form.getValues('title')}” saved.`);
      setEditing(null);
      form.reset({ ...EMPTY, slug: form.getValues('slug') });
      return client.invalidateQueries({ queryKey: ['endpoints'] });
    },
  });
  const test = useMutation({
    mutationFn: async (values: EndpointForm) => {
      setTested(null);
      await api<unknown>('POST', `/v1/endpoints/${values.slug}?test=true`, bodyOf(values, editing));
      setTested(`A test message went to “${values.title}”.`);
    },
  });
  const startEdit = (endpoint: Endpoint) => {
    setTested(null);
    setEditing(endpoint);
    form.reset(formOf(endpoint));
    // The form is above the list: bring it into view and put the cursor in its first field that can change.
    requestAnimationFrame(() => {
      const title = document.getElementById('endpoint-title-input');
      title?.scrollIntoView({ block: 'center' });
      title?.focus();
    });
  };
  /** Whether a blank `field` keeps the edited endpoint's stored secret. */
  const keptSecret = (field: FieldName): boolean => {
    const stored = editing?.[field];
    return SECRET_FIELDS.has(field) && typeof stored === 'string' && stored !== '';
  };
  const cancelEdit = () => {
    setEditing(null);
    form.reset({ ...EMPTY, slug: form.getValues('slug') });
  };
  const remove = useMutation({
    mutationFn: (endpoint: Endpoint) => api<unknown>('DELETE', `/v1/endpoints/${endpoint.id}`),
    onSettled: () => client.invalidateQueries({ queryKey: ['endpoints'] }),
  });
  const columns = useMemo<Column<Endpoint>[]>(
    () => [
      { id: 'title', header: 'Title', accessorFn: (endpoint) => endpoint.title },
      { id: 'type', header: 'Type', accessorFn: (endpoint) => endpoint.endpointType },
      {
        id: 'target',
        header: 'Target',
        enableSorting: false,
        cell: ({ row }) => (
          <span className="mono">
            {Object.entries(row.original)
              .filter(([key, value]) => key in LABELS && key !== 'bodyTemplate' && typeof value === 'string' && value !== '')
              .map(([key, value]) => `${LABELS[key as FieldName]}: ${SECRET_FIELDS.has(key) ? maskedTail(value) : String(value)}`)
              .join(' · ')}
          </span>
        ),
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: ({ row }) =>
          writable && (
            <span className="row-actions">
              <button type="button" onClick={() => startEdit(row.original)}>
                Edit<span className="visually-hidden"> {row.original.title}</span>
              </button>
              <button
                type="button"
                className="danger"
                onClick={() => window.confirm(`Delete “${row.original.title}”?`) && remove.mutate(row.original)}
              >
                Delete<span className="visually-hidden"> {row.original.title}</span>
              </button>
            </span>
          ),
      },
    ],
    // startEdit only uses state setters and the form, which keep their identity.
    [writable, remove],
  );
  const errors = form.formState.errors;
  const failure = create.error ?? test.error ?? remove.error;
  return (
    <section aria-labelledby="endpoints-title">
      <div className="page-head">
        <h1 id="endpoints-title">Notification endpoints</h1>
      </div>
      {writable && (
        <form
          className="panel-box"
          aria-labelledby="new-endpoint-title"
          onSubmit={(event) => void form.handleSubmit((values) => create.mutate(values))(event)}
          noValidate
        >
          <h2 id="new-endpoint-title">{editing === null ? 'New endpoint' : `Edit “${editing.title}”`}</h2>
          <div className="form-grid">
            {editing === null ? (
              <label className="field">
                <span>Type</span>
                <select {...form.register('slug')}>
                  {Object.entries(TYPES).map(([key, type]) => (
                    <option key={key} value={key}>
                      {type.name}
                    </option>
                  ))}
                </select>
              </label>
            ) : (
              <p className="field">
                <span>Type</span>
                <span>{TYPES[slug].name}</span>
              </p>
            )}
            <label className="field">
              <span>Title</span>
              <input id="endpoint-title-input" {...form.register('title', { required: 'A title is required' })} />
              {errors.title?.message !== undefined && (
                <span className="error" role="alert">
                  {errors.title.message}
                </span>
              )}
            </label>
            <label className="field">
              <span>Description</span>
              <input {...form.register('description')} />
            </label>
            {TYPES[slug].fields.map((field: FieldName) => (
              <label key={`${slug}-${field}`} className={field === 'bodyTemplate' || field === 'url' ? 'field wide' : 'field'}>
                <span>{LABELS[field]}</span>
                {field === 'method' ? (
                  <select {...form.register('method')}>
                    <option>POST</option>
                    <option>PUT</option>
                    <option>GET</option>
                  </select>
                ) : field === 'bodyTemplate' ? (
                  <textarea
                    className="mono"
                    rows={3}
                    {...form.register('bodyTemplate', {
                      validate: (text) => {
                        if (text.trim() === '') return true;
                        try {
                          JSON.parse(text);
                          return true;
                        } catch {
                          return 'Not JSON';
                        }
                      },
                    })}
                  />
                ) : (
                  <input
                    type={SECRET_FIELDS.has(field) ? 'password' : field === 'url' ? 'url' : 'text'}
                    autoComplete="off"
                    placeholder={keptSecret(field) ? `Unchanged (${maskedTail(editing?.[field])})` : undefined}
                    aria-describedby={keptSecret(field) ? 'kept-secret-hint' : undefined}
                    {...form.register(field, {
                      validate: (text) => field === 'headers' || text.trim() !== '' || keptSecret(field) || `${LABELS[field]} is required`,
                    })}
                  />
                )}
                {errors[field]?.message !== undefined && (
                  <span className="error" role="alert">
                    {errors[field]?.message}
                  </span>
                )}
              </label>
            ))}
          </div>
          {editing !== null && TYPES[slug].fields.some(keptSecret) && (
            <p id="kept-secret-hint" className="muted">
              Secrets are never shown. Leave a secret blank to keep the one stored; type a new one to replace it.
            </p>
          )}
          <div className="actions">
            <button type="submit" className="primary" disabled={create.isPending}>
              {editing === null ? 'Create endpoint' : 'Save endpoint'}
            </button>
            {editing !== null && (
              <button type="button" onClick={cancelEdit}>
                Cancel edit
              </button>
            )}
            <button type="button" disabled={test.isPending} onClick={() => void form.handleSubmit((values) => test.mutate(values))()}>
              Send a test
            </button>
          </div>
          {tested !== null && <p role="status">{tested}</p>}
        </form>
      )}
      <Failure error={failure} />
      <QueryView query={endpoints}>
        {(data) => (
          <DataTable
            caption="Notification endpoints"
            data={data}
            columns={columns}
            rowKey={(endpoint) => String(endpoint.id)}
            testId="endpoints"
          />
        )}
      </QueryView>
    </section>
  );
}
