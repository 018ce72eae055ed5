/**
 * `cidr`: IPv4 networks as a Lucene regular expression over the dotted address text (addresses are stored as
 * strings): the fixed octets literally, the partly fixed one as the alternatives of its range, the rest any octet.
 * IPv6 networks are refused: their text has several spellings (`::` compression) a pattern cannot enumerate.
 */
const OCTET = '[0-9]{1,3}';

export function cidrPattern(cidr: string): string | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(cidr.trim());
  if (m === null) return null;
  const octets = m.slice(1, 5).map(Number);
  const bits = Number(m[5]);
  if (bits > 32 || octets.some((o) => o > 255)) return null;
  const parts: string[] = [];
  for (let i = 0; i < 4; i += 1) {
    const fixedBits = Math.min(8, Math.max(0, bits - i * 8));
    const octet = octets[i] ?? 0;
    if (fixedBits === 8) parts.push(String(octet));
    else if (fixedBits === 0) parts.push(OCTET);
    else {
      const size = 2 ** (8 - fixedBits);
      const low = octet - (octet % size);
      const values: string[] = [];
      for (let v = low; v < low + size; v += 1) values.push(String(v));
      parts.push(`(${values.join('|')})`);
    }
  }
  return parts.join('\\.');
}
