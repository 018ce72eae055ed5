import { isIP } from 'node:net';

export interface Cidr {
  readonly network: string;
  readonly prefix: number;
  readonly family: 'ipv4' | 'ipv6';
}

/** `10.1.0.0/16`, `fd00::/8` or a bare address; undefined when it is not one. */
export function parseCidr(text: string): Cidr | undefined {
  const [network = '', prefixText, ...rest] = text.trim().split('/');
  if (rest.length > 0) return undefined;
  const version = isIP(network);
  if (version === 0) return undefined;
  const max = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return undefined;
  return { network, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}
