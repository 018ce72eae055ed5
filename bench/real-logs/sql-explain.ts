/** Scratch: prints each statement's full output (EXPLAIN). */
import fs from 'node:fs';
import { Session } from 'chdb';
const [dir, file] = process.argv.slice(2);
if (dir === undefined || file === undefined) throw new Error('usage');
const session = new Session(dir);
for (const sql of fs
  .readFileSync(file, 'utf8')
  .split(/^;;\s*$/m)
  .map((s) => s.trim())
  .filter((s) => s !== '')) {
  console.log(`---- ${sql.slice(0, 120)}`);
  console.log(
    (await session.queryAsync(sql, { format: 'TSVRaw' }))
      .text()
      .split('\n')
      .map((l) => l.slice(0, 200))
      .join('\n'),
  );
}
session.close();
