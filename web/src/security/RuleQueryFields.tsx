import type { UseFormReturn } from 'react-hook-form';
import { AGGREGATIONS, FIELDLESS, OPERATORS, SEVERITIES, type SubForm } from '../alerts/alert-model.js';
import type { SecurityRule } from './security-model.js';

/** One query of a rule in the form: the alert form's fields a security rule has (the same values, checked alike). */
export type RuleSubValues = Pick<SubForm, 'query' | 'groupBy' | 'aggregationType' | 'field' | 'value' | 'operator' | 'tiers'>;

export interface RuleFormValues {
  title: string;
  description: string;
  windowMinutes: string;
  tags: string;
  addedTags: string;
  emails: string;
  suppressMinutes: string;
  subs: RuleSubValues[];
}

type SubComponent = SecurityRule['subComponents'][number];

/** The aggregation part of a query as the rules API takes it (the alert API's rules: a field only where one is used). */
export function aggregationOf(form: RuleSubValues): SubComponent['queryDefinition']['aggregation'] {
  const usesValue = form.aggregationType === 'PERCENTAGE' || form.aggregationType === 'PERCENTILE';
  return {
    aggregationType: form.aggregationType,
    fieldToAggregateOn: FIELDLESS.has(form.aggregationType) || form.field.trim() === '' ? null : form.field.trim(),
    valueToAggregateOn: usesValue && form.value.trim() !== '' ? form.value.trim() : null,
  };
}

const number = (label: string) => ({
  validate: (text: string) => text.trim() === '' || Number.isFinite(Number(text)) || `${label} must be a number`,
});

/**
 * One query of a rule: its Lucene query, grouping, aggregation, operator and severity thresholds. A built-in rule
 * shows all but the thresholds read-only (focusable and readable, saying why), a custom rule edits them all.
 */
export function RuleQueryFields(props: { form: UseFormReturn<RuleFormValues>; sub: SubComponent; index: number; locked: boolean }) {
  const { form, sub, index, locked } = props;
  const n = index + 1;
  const errors = form.formState.errors.subs?.[index];
  const lockedProps = locked ? { readOnly: true, 'aria-describedby': 'rule-locked-why', className: 'locked' } : {};
  const aggregation = form.watch(`subs.${index}.aggregationType`);
  const needsField = !FIELDLESS.has(aggregation);
  const lockedAggregation = sub.queryDefinition.aggregation;
  const error = (message: string | undefined) =>
    message === undefined ? null : (
      <span className="error" role="alert">
        {message}
      </span>
    );
  return (
    <fieldset className="rule-sub">
      <legend>Query {n}</legend>
      <div className="form-grid">
        <label className="field wide">
          <span>
            Query {n}
            {locked && ' (locked)'}
          </span>
          <input className="mono" {...form.register(`subs.${index}.query`)} {...lockedProps} />
        </label>
        <label className="field">
          <span>
            Group by {n}
            {locked && ' (locked)'}
          </span>
          <input
            {...form.register(`subs.${index}.groupBy`, {
              validate: (v) => locked || v.split(',').filter((f) => f.trim() !== '').length <= 3 || 'At most 3 fields to group by',
            })}
            {...lockedProps}
          />
          {error(errors?.groupBy?.message)}
        </label>
        {locked ? (
          <label className="field">
            <span>Aggregation {n} (locked)</span>
            <input
              className="mono locked"
              readOnly
              aria-describedby="rule-locked-why"
              value={`${lockedAggregation.aggregationType}${lockedAggregation.fieldToAggregateOn ? ` of ${lockedAggregation.fieldToAggregateOn}` : ''}`}
            />
          </label>
        ) : (
          <>
            <label className="field">
              <span>Aggregation {n}</span>
              <select {...form.register(`subs.${index}.aggregationType`)}>
                {AGGREGATIONS.map((type) => (
                  <option key={type}>{type}</option>
                ))}
              </select>
            </label>
            {needsField && (
              <label className="field">
                <span>Field to aggregate {n}</span>
                <input
                  {...form.register(`subs.${index}.field`, {
                    validate: (v, all) =>
                      FIELDLESS.has(all.subs[index]?.aggregationType ?? 'COUNT') || v.trim() !== '' || `${aggregation} needs a field`,
                  })}
                />
                {error(errors?.field?.message)}
              </label>
            )}
            {(aggregation === 'PERCENTAGE' || aggregation === 'PERCENTILE') && (
              <label className="field">
                <span>
                  {aggregation === 'PERCENTILE' ? 'Percentile (95 if empty)' : 'Value whose share is measured'} {n}
                </span>
                <input
                  {...form.register(`subs.${index}.value`, {
                    // The API's rules: PERCENTAGE needs its value, PERCENTILE's is 0–100 (95 when left empty).
                    validate: (v, all) => {
                      const type = all.subs[index]?.aggregationType;
                      if (type === 'PERCENTAGE') return v.trim() !== '' || 'PERCENTAGE needs the value whose share is measured';
                      if (type !== 'PERCENTILE' || v.trim() === '') return true;
                      const p = Number(v);
                      return (Number.isFinite(p) && p > 0 && p <= 100) || 'A percentile between 0 and 100';
                    },
                  })}
                />
                {error(errors?.value?.message)}
              </label>
            )}
          </>
        )}
        <label className="field">
          <span>
            Operator {n}
            {locked && ' (locked)'}
          </span>
          {locked ? (
            <input value={sub.trigger.operator} {...lockedProps} />
          ) : (
            <select {...form.register(`subs.${index}.operator`)}>
              {OPERATORS.map((operator) => (
                <option key={operator}>{operator}</option>
              ))}
            </select>
          )}
        </label>
      </div>
      <div className="form-grid" role="group" aria-label={`Severity thresholds of query ${n}`}>
        {SEVERITIES.map((severity) => (
          <label key={severity} className="field">
            <span>
              {severity} threshold {n}
            </span>
            <input
              inputMode="decimal"
              {...form.register(`subs.${index}.tiers.${severity}`, {
                validate: (text, all) =>
                  number(`${severity} threshold`).validate(text) === true
                    ? Object.values(all.subs[index]?.tiers ?? {}).some((t) => t.trim() !== '') ||
                      severity !== 'INFO' ||
                      'Give at least one threshold'
                    : `${severity} threshold must be a number`,
              })}
            />
            {error(errors?.tiers?.[severity]?.message)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
