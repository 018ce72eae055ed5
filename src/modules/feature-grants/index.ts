export {
  createFeatureGrantService,
  GRANTABLE_FEATURES,
  isGrantableFeature,
  type FeatureGrantService,
  type GrantableFeature,
} from './feature-grant-service.js';
export { FEATURE_NOT_GRANTED_MESSAGE, featureGrantErrors } from './feature-grant-errors.js';
export { requireFeature } from './feature-grant-routes.js';
export { featureGrantMigrations } from './migrations/index.js';
