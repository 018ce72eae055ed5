// Reads the loghub 2k samples (../shared/datasets/loghub): each system's log contents and their true template ids.
import fs from 'node:fs';
import path from 'node:path';
import { datasetsDir } from './datasets.js';

export interface LoghubSample {
  readonly system: string;
  readonly contents: readonly string[];
  readonly eventIds: readonly string[];
}

export const loghubDir = path.join(datasetsDir(), 'loghub');

export function loghubSystems(): string[] {
  return fs
    .readdirSync(loghubDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

export function readLoghubSample(system: string): LoghubSample {
  const rows = parseCsv(fs.readFileSync(path.join(loghubDir, system, `${system}_2k.log_structured.csv`), 'utf8'));
  const header = rows[0]!;
  const content = header.indexOf('Content');
  const eventId = header.indexOf('EventId');
  const body = rows.slice(1).filter((row) => row.length === header.length);
  return { system, contents: body.map((row) => row[content]!), eventIds: body.map((row) => row[eventId]!) };
}

// RFC 4180: quoted fields may hold commas, doubled quotes and line breaks. Fields are sliced, not built a character at
// a time, so the parser under test gets flat strings as it would from a request body.
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field: string;
    if (text[i] === '"') {
      const parts: string[] = [];
      let from = i + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote < 0) throw new SyntaxError('unterminated quoted field');
        parts.push(text.slice(from, quote));
        if (text[quote + 1] === '"') {
          parts.push('"');
          from = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
      field = parts.join('');
    } else {
      let end = i;
      while (end < text.length && text[end] !== ',' && text[end] !== '\n' && text[end] !== '\r') end++;
      field = text.slice(i, end);
      i = end;
    }
    row.push(field);
    if (text[i] === ',') i++;
    else {
      if (text[i] === '\r') i++;
      if (text[i] === '\n') i++;
      rows.push(row);
      row = [];
    }
  }
  return rows;
}
