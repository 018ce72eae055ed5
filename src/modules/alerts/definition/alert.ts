import type { AlertDefinition } from '../../../detection/index.js';

export type {
  Aggregation,
  AggregationType,
  AlertDefinition,
  AlertFilters,
  AlertOutput,
  AlertSchedule,
  SubAlert,
  UnifiedAlertExtras,
} from '../../../detection/index.js';

/** Alerts' rule kind in the detection engine: firing keys, watermarks and notification sources. */
export const ALERT_KIND = 'alert';

/** A stored alert: its definition in the shared rule language (src/detection/rule-language/) and who wrote it. */
export interface Alert {
  readonly id: number;
  readonly accountId: number;
  readonly definition: AlertDefinition;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly createdBy: string;
  readonly updatedBy: string;
}
