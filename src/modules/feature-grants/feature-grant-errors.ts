import { AppError } from '../../shared/app-error.js';

/** The exact text SPEC.md (Authentication, point 5) gives for a feature the support team has not granted. */
export const FEATURE_NOT_GRANTED_MESSAGE = 'Insufficient privileges. Contact our Support team for access to this API feature.';

export const featureGrantErrors = {
  notGranted: (feature: string) =>
    new AppError('permission_denied', FEATURE_NOT_GRANTED_MESSAGE, { wireCode: 'GENERAL/FEATURE_NOT_GRANTED', parameters: { feature } }),
};
