/** The alerts module's control-plane tables; migrations in ./migrations/ (firings and watermarks are the detection engine's). */
export interface AlertsTable {
  id: number;
  account_id: number;
  title: string;
  enabled: number;
  /** JSON text of the definition exactly as accepted, so GET returns what was stored. */
  definition: string;
  created_at: number;
  updated_at: number;
  created_by: string;
  updated_by: string;
}

export interface AlertTables {
  alerts: AlertsTable;
}
