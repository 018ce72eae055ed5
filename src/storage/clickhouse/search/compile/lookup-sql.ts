/**
 * Lookup list membership (decision 0451). The members travel as one JSON string literal that the engine expands
 * into the set of an `IN` subquery: a 100,000-value list parses in tens of milliseconds, where a literal tuple
 * of 100,000 strings takes over a second to parse. CIDR members test IP values with isIPAddressInRange, guarded
 * so a value that is no IP is simply no member (the function throws on one).
 */
import type { LookupMembers } from '../../../../query/index.js';
import { sqlString } from '../../sql-literals.js';
import { anyNumber, anyOf, anyString, type FieldRef } from '../fields/field-access.js';

const jsonArray = (items: readonly (string | number)[], type: 'String' | 'Float64'): string =>
  `JSONExtract(${sqlString(JSON.stringify(items))}, 'Array(${type})')`;

/** Does the whole value of `field` (any of its values) belong to the list? */
export function lookupSql(field: FieldRef, members: LookupMembers): string {
  const parts: string[] = [];
  if (members.values.length > 0) {
    const set = `(SELECT arrayJoin(${jsonArray(members.values, 'String')}))`;
    parts.push(...anyString(field, (x) => `${x} IN ${set}`));
    // A numeric field holds 443, the list "443": numbers compare as numbers.
    const numbers = members.values.filter((v) => v.trim() !== '' && Number.isFinite(Number(v))).map(Number);
    if (numbers.length > 0) {
      const numberSet = `(SELECT arrayJoin(${jsonArray(numbers, 'Float64')}))`;
      parts.push(...anyNumber(field, (x) => `toFloat64(${x}) IN ${numberSet}`));
    }
  }
  if (members.networks.length > 0) {
    const networks = jsonArray(members.networks, 'String');
    parts.push(
      ...anyString(
        field,
        (x) => `if(isIPv4String(${x}) OR isIPv6String(${x}), arrayExists(c -> isIPAddressInRange(${x}, c), ${networks}), 0)`,
      ),
    );
  }
  return anyOf(parts);
}
