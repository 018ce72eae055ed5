import type { Actor, Principal } from '../../shared/principal.js';

export interface ActorResolutionDeps {
  /** The person behind a principal (an API token's creator, a signed-in user), null when unknown. */
  readonly creatorOf: (principal: Principal) => Promise<string | null>;
  /** The contact e-mail of an account (null or undefined when it has none). */
  readonly accountEmailOf: (accountId: number) => Promise<string | null | undefined>;
  /** Recorded when neither is known: the bootstrap admin. */
  readonly fallbackEmail: string;
}

/**
 * Who is recorded as createdBy/updatedBy for a principal's writes: the signed-in user, or whoever created the
 * calling API token, else the account's e-mail, else the bootstrap admin. Lives beside token authentication, which made the principal.
 */
export function createActorResolver(deps: ActorResolutionDeps): (principal: Principal) => Promise<Actor> {
  return async (principal) => {
    const creator = await deps.creatorOf(principal);
    const email = creator ?? (await deps.accountEmailOf(principal.accountId)) ?? deps.fallbackEmail;
    return { accountId: principal.accountId, email };
  };
}
