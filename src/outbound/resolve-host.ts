import { lookup } from 'node:dns/promises';

export interface ResolvedAddress {
  readonly address: string;
  /** 4 or 6 */
  readonly family: number;
}

/** Every address of a host name, as the system resolver answers (tests inject their own). */
export type ResolveHost = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export const systemResolveHost: ResolveHost = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** The host of a URL as an IP literal (brackets dropped), or undefined when it is a name. */
export function literalAddress(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return /^[0-9.]+$/.test(bare) || bare.includes(':') ? bare : undefined;
}
