import { createFeatureGrantService, type FeatureGrantService } from '../../modules/feature-grants/index.js';
import {
  createInsightLearning,
  createInsightService,
  createWarningLogReader,
  insightRoutes,
  PUBLIC_CI_CATALOG,
  type InsightLearning,
} from '../../modules/insights/index.js';
import { createSharedTokenService, sharedTokenRoutes, type SharedTokenService } from '../../modules/shared-tokens/index.js';
import { learnInsightsJob } from '../../scheduler/jobs/learn-insights.js';
import type { AreaWiring, WiringContext } from './area.js';

export interface InsightAreaServices {
  readonly featureGrants: FeatureGrantService;
  readonly sharedTokens: SharedTokenService;
  readonly insightLearning: InsightLearning;
}

/**
 * The features an operator grants per account (decision 0550): shared tokens with their filters, and insights with
 * the job that learns them from the log store in the background (decision 0552).
 */
export function wireInsights(ctx: WiringContext): AreaWiring<InsightAreaServices> {
  const { db, clock, logger, logStore } = ctx;
  const featureGrants = createFeatureGrantService({ db, clock });
  const sharedTokens = createSharedTokenService({ db, clock });
  const insights = createInsightService({ db, clock });
  const insightLearning = createInsightLearning({
    db,
    clock,
    logger,
    readWarnings: createWarningLogReader(logStore),
    accountIds: () => featureGrants.accountsWith('insights'),
    catalog: PUBLIC_CI_CATALOG,
  });
  return {
    services: { featureGrants, sharedTokens, insightLearning },
    routes: [sharedTokenRoutes(sharedTokens, featureGrants), insightRoutes(insights, featureGrants)],
    jobs: [learnInsightsJob(insightLearning, logger)],
  };
}
