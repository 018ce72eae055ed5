/** Who is calling: the account an API token belongs to. Every module authorises against this. */
export interface Principal {
  readonly accountId: number;
  readonly accountName: string;
  readonly region: string;
  /** The main account that owns this one, or null when this is a main account. */
  readonly ownerAccountId: number | null;
  readonly accountType: string;
  readonly tokenId: number;
  /** The caller account's retention as read with its token: a search of its own logs needs no other lookup. */
  readonly retentionDays: number;
}

export function isMainAccount(principal: Principal): boolean {
  return principal.ownerAccountId === null;
}

/** The main account at the top of the caller's tree (itself for a main account). */
export function mainAccountIdOf(principal: Principal): number {
  return principal.ownerAccountId ?? principal.accountId;
}

/** Who a write is recorded as (createdBy/updatedBy): the acting account and a person's e-mail. */
export interface Actor {
  readonly accountId: number;
  readonly email: string;
}
