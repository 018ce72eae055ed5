import { useEffect, useState } from 'react';
import { useFieldArray, useForm, type UseFormRegister, type FieldErrors } from 'react-hook-form';
import { navigate } from '../router.js';
import { messageOf } from '../common/errors.js';
import { usePageTitle } from '../common/use-page-title.js';
import { canWrite, useSession } from '../session.js';
import {
  AGGREGATIONS,
  emptyAlertForm,
  emptySub,
  FIELDLESS,
  formOfAlert,
  OPERATORS,
  requestOfForm,
  SEVERITIES,
  type AlertFormValues,
} from './alert-model.js';
import { useAlert, useDeleteAlert, useEndpoints, useSaveAlert } from './alert-queries.js';
import { AlertPreview } from './AlertPreview.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Create or edit an alert: every field of the API's definition, validated before it is sent. */
export function AlertEditor({ alertId }: { alertId: number | undefined }) {
  const session = useSession();
  const writable = canWrite(session);
  const existing = useAlert(alertId);
  const endpoints = useEndpoints();
  const save = useSaveAlert();
  const remove = useDeleteAlert();
  const [previewOf, setPreviewOf] = useState<AlertFormValues | null>(null);
  const form = useForm<AlertFormValues>({ defaultValues: emptyAlertForm() });
  const { register, handleSubmit, reset, watch, formState } = form;
  const subs = useFieldArray({ control: form.control, name: 'subs' });
  const title = watch('title');
  usePageTitle(alertId === undefined ? 'New alert' : `Alert: ${existing.data?.title ?? '…'}`);

  useEffect(() => {
    if (existing.data !== undefined) reset(formOfAlert(existing.data));
  }, [existing.data, reset]);

  if (alertId !== undefined && existing.isPending)
    return (
      <p className="spinner" role="status">
        Loading the alert…
      </p>
    );
  if (existing.isError)
    return (
      <p className="error" role="alert">
        {messageOf(existing.error)}
      </p>
    );

  const onSubmit = handleSubmit(async (values) => {
    const saved = await save.mutateAsync({ id: alertId, request: requestOfForm(values) });
    navigate(`/app/alerts?saved=${encodeURIComponent(saved.title)}`);
  });
  const errors = formState.errors;

  return (
    <form className="editor" aria-labelledby="alert-form-title" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div className="page-head">
        <h1 id="alert-form-title">{alertId === undefined ? 'New alert' : `Edit alert “${title}”`}</h1>
      </div>
      <fieldset disabled={!writable}>
        <legend>Details</legend>
        <div className="form-grid">
          <Field label="Title" error={errors.title?.message}>
            <input
              {...register('title', { required: 'A title is required', maxLength: { value: 500, message: 'At most 500 characters' } })}
            />
          </Field>
          <Field label="Tags (comma-separated)" error={errors.tags?.message}>
            <input
              {...register('tags', { validate: (v) => v.split(',').filter((t) => t.trim() !== '').length <= 10 || 'At most 10 tags' })}
            />
          </Field>
          <Field label="Description" wide>
            <textarea rows={2} {...register('description')} />
          </Field>
          <Field label="Search window (minutes)" error={errors.windowMinutes?.message}>
            <input type="number" min={1} {...register('windowMinutes', { validate: (v) => Number(v) >= 1 || 'At least 1 minute' })} />
          </Field>
          <label className="check">
            <input type="checkbox" {...register('enabled')} /> Enabled
          </label>
        </div>
      </fieldset>

      {subs.fields.map((field, index) => (
        <SubComponentFields
          key={field.id}
          index={index}
          count={subs.fields.length}
          register={register}
          errors={errors}
          aggregation={watch(`subs.${index}.aggregationType`)}
          onRemove={() => subs.remove(index)}
          disabled={!writable}
        />
      ))}
      {writable && subs.fields.length < 2 && (
        <button type="button" onClick={() => subs.append(emptySub())}>
          Add a correlated query
        </button>
      )}

      <fieldset disabled={!writable}>
        <legend>Notifications</legend>
        <div className="form-grid">
          <Field label="E-mail recipients (comma-separated)" error={errors.emails?.message} wide>
            <input
              {...register('emails', {
                validate: (v) =>
                  v
                    .split(/[,\n]/)
                    .map((e) => e.trim())
                    .filter((e) => e !== '')
                    .every((e) => EMAIL.test(e)) || 'Each recipient must be an e-mail address',
              })}
            />
          </Field>
          <div className="field wide" role="group" aria-labelledby="endpoints-label">
            <span id="endpoints-label">Notification endpoints</span>
            {endpoints.data === undefined || endpoints.data.length === 0 ? (
              <span className="muted">No endpoints (Admin → Notification endpoints).</span>
            ) : (
              <div className="checks">
                {endpoints.data.map((endpoint) => (
                  <label key={endpoint.id} className="check">
                    <input type="checkbox" value={String(endpoint.id)} {...register('endpointIds')} /> {endpoint.title}{' '}
                    <span className="muted">({endpoint.endpointType})</span>
                  </label>
                ))}
              </div>
            )}
          </div>
          <Field label="Suppress repeats for (minutes)" error={errors.suppressMinutes?.message}>
            <input
              type="number"
              min={0}
              {...register('suppressMinutes', { validate: (v) => v === '' || Number(v) >= 0 || 'Not negative' })}
            />
          </Field>
          <Field label="Sample format">
            <select {...register('outputType')}>
              <option value="JSON">JSON</option>
              <option value="TABLE">Table</option>
            </select>
          </Field>
          <label className="check">
            <input type="checkbox" {...register('sendToAll')} /> One e-mail to all recipients
          </label>
        </div>
      </fieldset>

      <fieldset disabled={!writable}>
        <legend>Schedule</legend>
        <p className="muted">Empty: evaluated every minute over the search window. A cron expression replaces that.</p>
        <div className="form-grid">
          <Field label="Cron expression">
            <input placeholder="0 */5 * * * ?" {...register('cron')} />
          </Field>
          <Field label="Time zone">
            <input {...register('timezone')} />
          </Field>
        </div>
      </fieldset>

      {save.isError && (
        <p className="error" role="alert">
          {messageOf(save.error)}
        </p>
      )}
      <div className="actions">
        {writable && (
          <button type="submit" className="primary" disabled={formState.isSubmitting}>
            {alertId === undefined ? 'Create alert' : 'Save alert'}
          </button>
        )}
        <button type="button" onClick={() => void handleSubmit((values) => setPreviewOf(values))()}>
          Preview last 24 hours
        </button>
        <button type="button" onClick={() => navigate('/app/alerts')}>
          Cancel
        </button>
        {writable && alertId !== undefined && (
          <button
            type="button"
            className="danger"
            onClick={() => {
              if (window.confirm(`Delete the alert “${title}”?`)) void remove.mutateAsync(alertId).then(() => navigate('/app/alerts'));
            }}
          >
            Delete
          </button>
        )}
      </div>
      {previewOf !== null && <AlertPreview values={previewOf} />}
    </form>
  );
}

function Field({ label, error, wide, children }: { label: string; error?: string | undefined; wide?: boolean; children: React.ReactNode }) {
  return (
    <label className={wide === true ? 'field wide' : 'field'}>
      <span>{label}</span>
      {children}
      {error !== undefined && (
        <span className="error" role="alert">
          {error}
        </span>
      )}
    </label>
  );
}

interface SubProps {
  readonly index: number;
  readonly count: number;
  readonly register: UseFormRegister<AlertFormValues>;
  readonly errors: FieldErrors<AlertFormValues>;
  readonly aggregation: string;
  readonly onRemove: () => void;
  readonly disabled: boolean;
}

function SubComponentFields({ index, count, register, errors, aggregation, onRemove, disabled }: SubProps) {
  const sub = errors.subs?.[index];
  const prefix = `subs.${index}` as const;
  const needsField = !FIELDLESS.has(aggregation as (typeof AGGREGATIONS)[number]);
  return (
    <fieldset disabled={disabled}>
      <legend>{count > 1 ? `Query ${index + 1}` : 'Query and trigger'}</legend>
      <div className="form-grid">
        <Field label="Query (Lucene)" error={sub?.query?.message} wide>
          <input className="mono" {...register(`${prefix}.query`)} />
        </Field>
        <Field label="Group by (up to 3 fields)" error={sub?.groupBy?.message}>
          <input
            {...register(`${prefix}.groupBy`, {
              validate: (v) => v.split(',').filter((f) => f.trim() !== '').length <= 3 || 'At most 3 fields',
            })}
          />
        </Field>
        <Field label="Aggregation">
          <select {...register(`${prefix}.aggregationType`)}>
            {AGGREGATIONS.map((a) => (
              <option key={a}>{a}</option>
            ))}
          </select>
        </Field>
        {needsField && (
          <Field label="Field to aggregate" error={sub?.field?.message}>
            <input {...register(`${prefix}.field`, { validate: (v) => v.trim() !== '' || 'This aggregation needs a field' })} />
          </Field>
        )}
        {(aggregation === 'PERCENTAGE' || aggregation === 'PERCENTILE') && (
          <Field label={aggregation === 'PERCENTILE' ? 'Percentile' : 'Value whose share is measured'}>
            <input {...register(`${prefix}.value`)} />
          </Field>
        )}
        <Field label="Condition">
          <select {...register(`${prefix}.operator`)}>
            {OPERATORS.map((o) => (
              <option key={o} value={o}>
                {o.toLowerCase().replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        </Field>
        <div className="field wide" role="group" aria-label={`Severity thresholds${count > 1 ? ` of query ${index + 1}` : ''}`}>
          <span>Severity thresholds (at least one)</span>
          <div className="tiers">
            {SEVERITIES.map((severity) => (
              <label key={severity}>
                {severity}
                <input
                  type="number"
                  step="any"
                  {...register(`${prefix}.tiers.${severity}`, {
                    validate: (value, all) =>
                      Object.values(all.subs[index]?.tiers ?? {}).some((t) => t.trim() !== '') ||
                      severity !== 'INFO' ||
                      'Give at least one threshold',
                  })}
                />
              </label>
            ))}
          </div>
          {sub?.tiers?.INFO?.message !== undefined && (
            <span className="error" role="alert">
              {sub.tiers.INFO.message}
            </span>
          )}
        </div>
        <label className="check">
          <input type="checkbox" {...register(`${prefix}.allFields`)} /> Samples carry every field
        </label>
        <Field label="Sample columns (comma-separated)">
          <input {...register(`${prefix}.columns`)} />
        </Field>
        {count > 1 && (
          <Field label="Join field (correlation)">
            <input {...register(`${prefix}.join`)} />
          </Field>
        )}
      </div>
      {count > 1 && (
        <button type="button" onClick={onRemove}>
          Remove query {index + 1}
        </button>
      )}
    </fieldset>
  );
}
