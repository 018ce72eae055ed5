/**
 * Who may do what to which person: the one place the rules of docs/users-and-accounts.md are decided
 * (decisions 0600–0603). Pure functions over what the repositories read; the services ask, then act.
 *
 * Two things are managed, by different callers:
 * - a membership (role, full name, suspension in one account) is managed from that account, or from its main
 *   account (the organisation's owner) — which accounts a caller reaches is AccountScope's answer;
 * - a person (the e-mail and the password behind every membership) is managed only from the account that
 *   created it (its holder) or from the holder's main account. No other account can attach it, learn its id,
 *   rename it, or set its password.
 */

/** The account a request comes from, as the rules need it (an API token or a web session of that account). */
export interface Caller {
  readonly accountId: number;
  /** null when the caller's account is a main account. */
  readonly ownerAccountId: number | null;
}

/** A person as the rules see it. */
export interface Person {
  readonly id: number;
  readonly username: string;
  /** The account whose caller created the person. */
  readonly holderAccountId: number | null;
  /** The main account of the holder (the holder itself when it is a main account). */
  readonly holderMainAccountId: number | null;
}

function isMain(caller: Caller): boolean {
  return caller.ownerAccountId === null;
}

export const userPolicy = {
  /**
   * The person a new membership of `targetAccountId` joins when `people` already use the e-mail: one held by the
   * caller's account, or — for a main caller adding to a sub account — one held by that sub account. Anyone
   * else's person is invisible: the caller gets a new person, the same answer a new e-mail gets (decision 0600).
   */
  personToJoin(caller: Caller, targetAccountId: number, people: readonly Person[]): Person | undefined {
    const own = people.find((p) => p.holderAccountId === caller.accountId);
    if (own !== undefined) return own;
    if (!isMain(caller) || targetAccountId === caller.accountId) return undefined;
    return people.find((p) => p.holderAccountId === targetAccountId);
  },

  /** A person the caller creates is held by the caller's account. */
  holderOfNewPerson(caller: Caller): number {
    return caller.accountId;
  },

  /**
   * Whether the caller may act on the person itself (invites, which set the password): from the holder, or from
   * the holder's main account (the organisation's owner keeps Logz.io's power over its sub accounts' users).
   */
  managesPerson(caller: Caller, person: Person): boolean {
    if (person.holderAccountId === caller.accountId) return true;
    return isMain(caller) && person.holderMainAccountId === caller.accountId;
  },

  /**
   * Whether an accepted invite may set the password: a person without one, or one who proves the current one
   * (decision 0601). An invite is no way around a password someone else chose.
   */
  inviteMaySetPassword(hasPassword: boolean, provedCurrentPassword: boolean): boolean {
    return !hasPassword || provedCurrentPassword;
  },

  /** A session opens only in an account where the person has an active membership (and the account is active). */
  maySignInTo(activeAccountIds: readonly number[], accountId: number): boolean {
    return activeAccountIds.includes(accountId);
  },

  /**
   * What a membership change does to the person's sessions in that account (decision 0602): suspension and
   * removal end them (so unsuspending or re-adding revives none); a role change narrows them at once, since every
   * request reads the role from the membership.
   */
  sessionsAfter(change: 'suspend' | 'remove' | 'role'): 'end' | 'follow-role' {
    return change === 'role' ? 'follow-role' : 'end';
  },
};
