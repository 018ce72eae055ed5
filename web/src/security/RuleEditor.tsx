import { useForm } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api.js';
import { messageOf, splitList } from '../common/errors.js';
import { SEVERITIES, type Severity } from '../alerts/alert-model.js';
import { aggregationOf, RuleQueryFields, type RuleFormValues as RuleValues } from './RuleQueryFields.js';
import type { SecurityRule } from './security-model.js';

/**
 * What a built-in rule may change (src/modules/security/rules/protected-edits.ts): recipients, suppression,
 * thresholds and severities, added tags, accounts queried and enabled. The page offers only those and says so.
 */
export const PROTECTED_NOTICE =
  'This is a built-in rule. Its recipients, notification suppression, severity thresholds and extra tags can be changed; its name, description, window, queries, grouping, aggregation and operators are locked so that it keeps detecting what it was written for, and its own tags cannot be removed.';

function valuesOf(rule: SecurityRule): RuleValues {
  return {
    title: rule.title,
    description: rule.description ?? '',
    windowMinutes: String(rule.searchTimeFrameMinutes),
    tags: (rule.tags ?? []).join(', '),
    addedTags: '',
    emails: (rule.output?.recipients?.emails ?? []).join(', '),
    suppressMinutes: String(rule.output?.suppressNotificationsMinutes ?? 0),
    subs: rule.subComponents.map((sub) => ({
      query: sub.queryDefinition.query ?? '*',
      groupBy: (sub.queryDefinition.groupBy ?? []).join(', '),
      aggregationType: sub.queryDefinition.aggregation.aggregationType,
      field: sub.queryDefinition.aggregation.fieldToAggregateOn ?? '',
      value: sub.queryDefinition.aggregation.valueToAggregateOn ?? '',
      operator: sub.trigger.operator,
      tiers: Object.fromEntries(SEVERITIES.map((s) => [s, String(sub.trigger.severityThresholdTiers[s] ?? '')])) as Record<
        Severity,
        string
      >,
    })),
  };
}

/** The rule as read, with the form's changes; a locked part is sent back exactly as it was read. */
function requestOf(rule: SecurityRule, values: RuleValues): SecurityRule {
  const locked = rule.isProtected;
  const own = rule.tags ?? [];
  const tags = locked ? [...own, ...splitList(values.addedTags).filter((tag) => !own.includes(tag))] : splitList(values.tags);
  return {
    ...rule,
    ...(locked
      ? {}
      : { title: values.title.trim(), description: values.description, searchTimeFrameMinutes: Number(values.windowMinutes) }),
    tags,
    subComponents: rule.subComponents.map((sub, index) => {
      const form = values.subs[index];
      if (form === undefined) return sub;
      return {
        ...sub,
        queryDefinition: locked
          ? sub.queryDefinition
          : {
              ...sub.queryDefinition,
              query: form.query.trim() === '' ? '*' : form.query.trim(),
              groupBy: splitList(form.groupBy),
              aggregation: aggregationOf(form),
            },
        trigger: {
          operator: locked ? sub.trigger.operator : form.operator,
          severityThresholdTiers: Object.fromEntries(
            SEVERITIES.filter((s) => form.tiers[s].trim() !== '').map((s) => [s, Number(form.tiers[s])]),
          ),
        },
      };
    }),
    output: {
      ...rule.output,
      recipients: { ...rule.output?.recipients, emails: splitList(values.emails) },
      suppressNotificationsMinutes: Number(values.suppressMinutes === '' ? '0' : values.suppressMinutes),
    },
  };
}

/** Edit a security rule; a built-in one only within the protected-rule limits, the rest shown locked. */
export function RuleEditor({ rule, onClose }: { rule: SecurityRule; onClose: (saved: string | null) => void }) {
  const client = useQueryClient();
  const locked = rule.isProtected;
  const form = useForm<RuleValues>({ defaultValues: valuesOf(rule) });
  const save = useMutation({
    mutationFn: (values: RuleValues) => api<SecurityRule>('PUT', `/v2/security/rules/${rule.id}`, requestOf(rule, values)),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['security-rules'] });
      onClose(rule.title);
    },
  });
  const errors = form.formState.errors;
  // A locked field stays focusable and readable (read-only, not disabled) and says why it is locked.
  const lockedProps = locked ? { readOnly: true, 'aria-describedby': 'rule-locked-why', className: 'locked' } : {};
  const number = (label: string) => ({
    validate: (text: string) => text.trim() === '' || Number.isFinite(Number(text)) || `${label} must be a number`,
  });
  return (
    <form
      className="panel-box"
      aria-labelledby="rule-edit-title"
      onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
      noValidate
    >
      <h2 id="rule-edit-title" tabIndex={-1}>
        Edit “{rule.title}”
      </h2>
      {locked && (
        <p id="rule-locked-why" className="notice">
          {PROTECTED_NOTICE}
        </p>
      )}
      <div className="form-grid">
        <label className="field wide">
          <span>Name{locked && ' (locked)'}</span>
          <input {...form.register('title', { required: 'A name is required' })} {...lockedProps} />
          {errors.title?.message !== undefined && (
            <span className="error" role="alert">
              {errors.title.message}
            </span>
          )}
        </label>
        <label className="field wide">
          <span>Description{locked && ' (locked)'}</span>
          <textarea rows={2} {...form.register('description')} {...lockedProps} />
        </label>
        <label className="field">
          <span>Window (minutes){locked && ' (locked)'}</span>
          <input inputMode="numeric" {...form.register('windowMinutes')} {...lockedProps} />
        </label>
        {locked ? (
          <>
            <p className="field">
              <span>Its tags (locked)</span>
              <span className="mono">{(rule.tags ?? []).join(', ') || 'none'}</span>
            </p>
            <label className="field">
              <span>Add tags (comma-separated)</span>
              <input {...form.register('addedTags')} />
            </label>
          </>
        ) : (
          <label className="field">
            <span>Tags (comma-separated)</span>
            <input {...form.register('tags')} />
          </label>
        )}
        <label className="field wide">
          <span>E-mail recipients (comma-separated)</span>
          <input {...form.register('emails')} />
        </label>
        <label className="field">
          <span>Suppress notifications (minutes)</span>
          <input inputMode="numeric" {...form.register('suppressMinutes', number('Suppression'))} />
          {errors.suppressMinutes?.message !== undefined && (
            <span className="error" role="alert">
              {errors.suppressMinutes.message}
            </span>
          )}
        </label>
      </div>
      {rule.subComponents.map((sub, index) => (
        <RuleQueryFields key={index} form={form} sub={sub} index={index} locked={locked} />
      ))}
      {save.isError && (
        <p className="error" role="alert">
          {messageOf(save.error)}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          Save rule
        </button>
        <button type="button" onClick={() => onClose(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
