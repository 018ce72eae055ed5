/** CSV as RFC 4180 writes it, safe to open in a spreadsheet. */

/** Text a spreadsheet would run as a formula (`=cmd()`, `+1+1`, `@SUM`): shown as text instead (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One value of a log as a CSV cell's text: strings as they are, other values as JSON, absent as nothing. */
export function csvValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return FORMULA_START.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
}

/** A line of cells, quoted where a cell holds a comma, a quote or a line break. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',')}\r\n`;
}
