import type { Principal } from './principal.js';

/**
 * Which accounts a caller may act on. A main-account token may act on its own account and on its
 * sub accounts (Logz.io lets it pass `accountId`/`accountID`); any other token only on its own account.
 * The accounts module implements it; other modules receive it as a dependency.
 */
export interface AccountScope {
  /** `requested` when the caller may act on it (its own account when absent); permission_denied otherwise. */
  target(principal: Principal, requested: number | undefined): Promise<number>;
  /** The caller's main account and then its sub accounts, oldest first; permission_denied for other tokens. */
  tree(principal: Principal): Promise<readonly number[]>;
}
