/**
 * The store's admission of engine statements shared by the processes of a cluster (issue 51, decision 0740): every
 * process that runs searches on the one ClickHouse publishes what its admission holds per key (an account, or
 * background work) and admits against the cluster's counts. The port speaks of keys and counts only; the
 * composition root backs it with the control plane (src/app/cluster/shared-statements.ts). An embedded store has
 * none: its engine is the process's own.
 */

/** One key's statements on one process, or summed over the other processes. */
export interface SharedKeyLoad {
  readonly running: number;
  /**
   * Statements waiting for a slot of the engine — not those held back by their own key's limit, which a free
   * slot would not start.
   */
  readonly waitingForSlot: number;
  /** When the key was last given a slot (wall-clock ms, one timeline for the cluster); absent when it never was. */
  readonly servedAt?: number;
}

/**
 * The processes waiting for a slot as of the last read, this one counted in whether or not it was: `place` is its
 * place among them (0 first) in the cluster's least-recently-served order, which every process reads alike.
 */
export interface AdmissionTurn {
  readonly processes: number;
  readonly place: number;
}

/** The admission's side: what the cluster's other processes hold, as last published. */
export interface ClusterAdmissionView {
  /** Wall-clock ms: the timeline of `servedAt` across processes. */
  wallNow(): number;
  others(): ReadonlyMap<string, SharedKeyLoad>;
  turn(): AdmissionTurn;
}

export interface SharedAdmission extends ClusterAdmissionView {
  /**
   * Called once by the store's admission when it is made: `own` answers what it holds now (to publish), `changed`
   * is to be called when the others' counts changed (a slot another process freed may start a waiting statement).
   */
  attach(own: () => ReadonlyMap<string, SharedKeyLoad>, changed: () => void): void;
}
