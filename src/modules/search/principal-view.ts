import type { Principal } from '../../shared/principal.js';

/**
 * Which principals see the same logs: every full-access principal of an account shares its view, a filtered
 * principal (a shared token) has its own. Scroll ownership and cached index lists are keyed by it, so a scroll
 * id or a cache entry never carries one view's logs or counts to another.
 */
export function viewKeyOf(principal: Principal): string {
  return principal.kind === 'shared-token' ? `shared-token:${principal.sharedTokenId}` : `account:${principal.accountId}`;
}
