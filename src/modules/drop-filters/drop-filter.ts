/** A field condition as the client sent it: the value is kept as given (string, number or boolean). */
export interface FieldCondition {
  readonly fieldName: string;
  readonly value: string | number | boolean;
}

/** A drop filter of a Logs account (Logz.io `LogsDropFiltersPipelineDefinition`). */
export interface DropFilter {
  readonly id: string;
  readonly accountId: number;
  readonly active: boolean;
  readonly logType: string | undefined;
  readonly description: string | undefined;
  readonly fieldConditions: readonly FieldCondition[];
  /** Matching logs are kept until they sum to this many GB in a UTC day; undefined or 0: all are dropped. */
  readonly thresholdInGB: number | undefined;
  readonly droppedLogs: number;
  readonly droppedBytes: number;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** Logz.io allows up to three field conditions per filter. */
export const MAX_FIELD_CONDITIONS = 3;
