import { AppError } from '../../shared/app-error.js';

/**
 * Errors of the rule language. The wire code stays Logz.io's alerts one: alerts and security rules answered it
 * before the language had a home of its own (decision 0693), and clients match on it.
 */
export const ruleLanguageErrors = {
  /** A definition the schema accepts but whose parts do not fit together (`field` is its path in the request). */
  invalidDefinition: (field: string, rule: string, message: string) =>
    new AppError('invalid_argument', `${field} ${message}`, { wireCode: 'alerts/INVALID_ALERT_DEFINITION', parameters: { field, rule } }),
};
