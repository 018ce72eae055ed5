/** The drop-filters module's control-plane tables; migrations in ./migrations/. */
export interface DropFiltersTable {
  /** GUID (Logz.io's drop filter ids are strings). */
  id: string;
  account_id: number;
  active: number;
  log_type: string | null;
  description: string | null;
  /** JSON array of `{fieldName, value}` exactly as accepted. */
  field_conditions: string;
  threshold_gb: number | null;
  /** Logs and bytes this filter dropped, summed over every ingest process (flushed every second). */
  dropped_logs: number;
  dropped_bytes: number;
  created_at: number;
  updated_at: number;
}

/** Bytes of logs each filter matched per UTC day: what its daily threshold is measured against. */
export interface DropFilterDaysTable {
  filter_id: string;
  day: number;
  matched_bytes: number;
}

/** One row (id 1): bumped by every change, so each ingest process notices one with a single small read. */
export interface DropFilterGenerationTable {
  id: number;
  generation: number;
}

export interface DropFilterTables {
  drop_filters: DropFiltersTable;
  drop_filter_days: DropFilterDaysTable;
  drop_filter_generation: DropFilterGenerationTable;
}
