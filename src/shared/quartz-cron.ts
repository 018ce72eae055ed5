import { Cron } from 'croner';

/** Highest value of each field of a 6- or 7-field (Quartz) expression: seconds … day of week, year. */
const FIELD_MAX = ['59', '59', '23', '31', '12', '7', '2099'];

/**
 * A paused Cron for an alert schedule. Five fields are Unix cron. Six or seven fields are Quartz, as
 * Logz.io documents `cronExpression`: a seconds field first, `?` for "no specific value", an optional
 * year, weekdays numbered 1 (Sunday) to 7, and `start/step` steps (`0/5` = every 5 from 0), which
 * croner spells `start-max/step`. Throws on an invalid expression.
 */
export function alertCron(expression: string, timezone: string): Cron {
  const fields = expression.trim().split(/\s+/);
  if (fields.length < 6) return new Cron(expression, { paused: true, timezone });
  const pattern = fields.map((field, index) =>
    field.replace(
      /(^|,)(\d+)\/(\d+)/g,
      (_match, lead: string, start: string, step: string) => `${lead}${start}-${FIELD_MAX[index] ?? start}/${step}`,
    ),
  );
  return new Cron(pattern.join(' '), { paused: true, timezone, alternativeWeekdays: true });
}
