/**
 * Lookup list membership (decision 0451). The members travel as one JSON string literal that the engine expands
 * into the set of an `IN` subquery: a 100,000-value list parses in tens of milliseconds, where a literal tuple
 * of 100,000 strings takes over a second to parse. IPv4 CIDR members are grouped by prefix length: an address is
 * inside one when its top `prefix` bits are in that length's set of networks, a hash lookup per distinct length
 * instead of a range test per member. IPv6 ranges use isIPAddressInRange, guarded because it throws on non-IPs.
 */
import type { LookupMembers } from '../../../../query/index.js';
import { parseCidr } from '../../../../shared/cidr.js';
import { sqlIdentifier, sqlNumber, sqlString } from '../../sql-literals.js';
import { anyNumber, anyOf, anyString, type FieldRef } from '../fields/field-access.js';

type ArrayType = 'String' | 'Float64' | 'UInt32';

const jsonArray = (items: readonly (string | number)[], type: ArrayType): string =>
  `JSONExtract(${sqlString(JSON.stringify(items))}, 'Array(${type})')`;
const setOf = (items: readonly (string | number)[], type: ArrayType): string => `(SELECT arrayJoin(${jsonArray(items, type)}))`;

function ipv4Number(address: string): number {
  return address.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
}

/** IPv4 networks by prefix length → the network numbers (address >> (32 - prefix)); IPv6 ranges as written. */
function splitNetworks(networks: readonly string[]): { v4: Map<number, number[]>; v6: string[] } {
  const v4 = new Map<number, number[]>();
  const v6: string[] = [];
  for (const text of networks) {
    const cidr = parseCidr(text);
    if (cidr === undefined) continue;
    if (cidr.family === 'ipv6') {
      v6.push(`${cidr.network}/${cidr.prefix}`);
      continue;
    }
    const network = Math.floor(ipv4Number(cidr.network) / 2 ** (32 - cidr.prefix));
    const list = v4.get(cidr.prefix) ?? [];
    list.push(network);
    v4.set(cidr.prefix, list);
  }
  return { v4, v6 };
}

/**
 * Does the whole value of `field` (any of its values) belong to the list? `table`: an engine Set table holding
 * the string values (big lists, search/lookup-sets.ts), else they are inlined.
 */
export function lookupSql(field: FieldRef, members: LookupMembers, table?: string): string {
  const parts: string[] = [];
  if (members.values.length > 0) {
    const strings = table === undefined ? setOf(members.values, 'String') : sqlIdentifier(table);
    parts.push(...anyString(field, (x) => `${x} IN ${strings}`));
    // A numeric field holds 443, the list "443": numbers compare as numbers.
    const numbers = members.values.filter((v) => v.trim() !== '' && Number.isFinite(Number(v))).map(Number);
    if (numbers.length > 0) parts.push(...anyNumber(field, (x) => `toFloat64(${x}) IN ${setOf(numbers, 'Float64')}`));
  }
  const { v4, v6 } = splitNetworks(members.networks);
  if (v4.size > 0) {
    parts.push(
      ...anyString(field, (x) => {
        const address = `toUInt32(toIPv4OrNull(${x}))`;
        const tests = [...v4].map(([prefix, networks]) =>
          prefix === 0 ? `${address} IS NOT NULL` : `bitShiftRight(${address}, ${sqlNumber(32 - prefix)}) IN ${setOf(networks, 'UInt32')}`,
        );
        return anyOf(tests);
      }),
    );
  }
  if (v6.length > 0) {
    const ranges = jsonArray(v6, 'String');
    parts.push(...anyString(field, (x) => `if(isIPv6String(${x}), arrayExists(c -> isIPAddressInRange(${x}, c), ${ranges}), 0)`));
  }
  return anyOf(parts);
}
