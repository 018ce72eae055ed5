/**
 * Elastic's `apache_logs` (10,000 real access lines in the combined format) as parsed requests: the paths, user
 * agents, referrers, statuses and sizes that real clients sent, for the access logs to draw from.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface AccessRequest {
  readonly method: string;
  readonly path: string;
  readonly protocol: string;
  readonly status: number;
  readonly bytes: number;
  readonly referrer: string;
  readonly userAgent: string;
}

const COMBINED = /^(\S+) \S+ (\S+) \[[^\]]+\] "(\S+) (\S+) (\S+)" (\d{3}) (\d+|-) "([^"]*)" "([^"]*)"/;

export function loadAccessCorpus(datasetsDir: string): readonly AccessRequest[] {
  const file = path.join(datasetsDir, 'elastic-examples', 'apache_logs');
  if (!fs.existsSync(file)) return [];
  const requests: AccessRequest[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const match = COMBINED.exec(line);
    if (match === null) continue;
    requests.push({
      method: match[3] ?? 'GET',
      path: match[4] ?? '/',
      protocol: match[5] ?? 'HTTP/1.1',
      status: Number(match[6]),
      bytes: match[7] === '-' ? 0 : Number(match[7]),
      referrer: match[8] ?? '-',
      userAgent: match[9] ?? '-',
    });
  }
  return requests;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** `[17/May/2015:10:05:03 +0000]`'s inside, for an epoch ms. */
export function combinedTime(ms: number): string {
  const d = new Date(ms);
  return `${two(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} +0000`;
}
