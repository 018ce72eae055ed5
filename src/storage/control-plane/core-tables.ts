/** Tables the control plane keeps for itself rather than for one module. */
export interface KeyValueTable {
  key: string;
  value: string;
}

/** One api process's in-flight requests of one account (src/app/cluster/shared-in-flight.ts). */
export interface ApiInFlightTable {
  process_id: string;
  account_id: number;
  in_flight: number;
  updated_at: number;
}

/** One process's engine statements of one admission key (src/app/cluster/shared-statements.ts, decision 0740). */
export interface EngineStatementsTable {
  process_id: string;
  share_key: string;
  running: number;
  waiting_for_slot: number;
  served_at: number | null;
  updated_at: number;
}

export interface CoreTables {
  key_value: KeyValueTable;
  api_in_flight: ApiInFlightTable;
  engine_statements: EngineStatementsTable;
}
