/** Tables the control plane keeps for itself rather than for one module. */
export interface KeyValueTable {
  key: string;
  value: string;
}

export interface CoreTables {
  key_value: KeyValueTable;
}
