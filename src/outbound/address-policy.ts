import { BlockList, isIP } from 'node:net';
import type { Cidr } from '../shared/cidr.js';

/**
 * Ranges a URL given by a user may never reach: this host, the private networks around it and the
 * cloud metadata services (169.254.169.254, fd00:ec2::254, 100.100.100.200 fall in them).
 */
const REFUSED_V4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT (also Alibaba's metadata)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the metadata address of AWS, GCP and Azure
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
];

const REFUSED_V6: readonly (readonly [string, number])[] = [
  ['::', 128],
  ['::1', 128],
  ['::', 96], // IPv4-compatible
  ['64:ff9b::', 96], // NAT64: reaches any IPv4 address, private ones included
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23], // Teredo and other IETF special purposes
  ['2001:db8::', 32],
  ['2002::', 16], // 6to4 embeds any IPv4 address
  ['fc00::', 7], // unique local (AWS metadata on IPv6 is fd00:ec2::254)
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];

export interface AddressPolicy {
  /** True when a connection to this IP address (v4 or v6, no brackets) is allowed. */
  allows(address: string): boolean;
}

type Family = Cidr['family'];

const MAPPED_V4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;
const MAPPED_V4_HEX = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

/** An IPv4-mapped IPv6 address is the IPv4 address it carries; every other address is itself. */
function unmapped(address: string): { address: string; family: Family } | undefined {
  const lower = address.toLowerCase();
  const dotted = MAPPED_V4.exec(lower);
  if (dotted?.[1] !== undefined) return { address: dotted[1], family: 'ipv4' };
  const hex = MAPPED_V4_HEX.exec(lower);
  if (hex?.[1] !== undefined && hex[2] !== undefined) {
    const high = Number.parseInt(hex[1], 16);
    const low = Number.parseInt(hex[2], 16);
    return { address: `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, family: 'ipv4' };
  }
  const version = isIP(lower);
  if (version === 0) return undefined;
  return { address: lower, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/**
 * Refuses the special ranges above except where the operator allows a range
 * (`LOGWARD_OUTBOUND_ALLOW_CIDRS`); an allowed range wins over a refused one.
 */
export function createAddressPolicy(allowed: readonly Cidr[]): AddressPolicy {
  const refused = new BlockList();
  for (const [network, prefix] of REFUSED_V4) refused.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of REFUSED_V6) refused.addSubnet(network, prefix, 'ipv6');
  const allowList = new BlockList();
  for (const cidr of allowed) allowList.addSubnet(cidr.network, cidr.prefix, cidr.family);
  return {
    allows(address) {
      const ip = unmapped(address);
      if (ip === undefined) return false;
      if (allowList.check(ip.address, ip.family)) return true;
      return !refused.check(ip.address, ip.family);
    },
  };
}
