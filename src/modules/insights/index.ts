export { createInsightService, MIN_RECURRENCES, type InsightService } from './insight-service.js';
export { createInsightLearning, LOOK_BACK_MS, SETTLE_MS, type InsightLearning, type LearningReport } from './insight-learning.js';
export { createWarningLogReader } from './warning-log-reader.js';
export { insightRoutes } from './insight-routes.js';
export { PUBLIC_CI_CATALOG } from './catalog/public-ci-catalog.js';
export { matchSignature, type KnownErrorSignature } from './catalog/known-error-signature.js';
export { insightMigrations } from './migrations/index.js';
export { templateQuery } from './discover-link.js';
