/**
 * Scratch: `node --import tsx bench/real-logs/sql-time.ts <dir> <file.sql> [runs]` times each statement of a file
 * (statements separated by a line `;;`), dropping the query condition cache before each run. Prints p50 and rows.
 */
import fs from 'node:fs';
import { Session } from 'chdb';

const [dir, file, runsArg] = process.argv.slice(2);
if (dir === undefined || file === undefined) throw new Error('usage: sql-time.ts <dir> <file.sql> [runs]');
const runs = Number(runsArg ?? '5');
const session = new Session(dir);
const statements = fs
  .readFileSync(file, 'utf8')
  .split(/^;;\s*$/m)
  .map((s) => s.trim())
  .filter((s) => s !== '' && !s.startsWith('--skip'));
for (const [i, sql] of statements.entries()) {
  const times: number[] = [];
  const cpus: number[] = [];
  let out = '';
  for (let r = 0; r < runs; r += 1) {
    await session.queryAsync('SYSTEM DROP QUERY CONDITION CACHE');
    const started = performance.now();
    const cpu = process.cpuUsage();
    out = (await session.queryAsync(sql, { format: 'JSONCompactEachRow' })).text();
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpus.sort((a, b) => a - b);
  console.log(
    `#${i} p50 ${times[Math.floor(times.length / 2)]?.toFixed(1)} ms min ${times[0]?.toFixed(1)} cpu p50 ${cpus[Math.floor(cpus.length / 2)]?.toFixed(1)} ms  ${out.slice(0, 200).replace(/\n/g, ' | ')}  -- ${sql.slice(0, 100).replace(/\s+/g, ' ')}`,
  );
}
session.close();
