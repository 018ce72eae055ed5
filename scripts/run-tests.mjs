#!/usr/bin/env node
// Runs every *.test.ts under src/ and test/ with node's test runner through tsx.
// Usage: npm test [-- <path filter> ...]   e.g. npm test -- src/query test/api/whoami
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { preflight } from './test-preflight.mjs';

function collect(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : collect(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const filters = process.argv.slice(2);
const files = [...collect('src'), ...collect('test')]
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort();
if (files.length === 0) {
  console.error(`no test files match ${filters.join(' ')}`);
  process.exit(1);
}
// Prepare what can be prepared (the PostgreSQL test database) and name what cannot, before and after the run,
// so a failure from a missing prerequisite is never mistaken for a regression.
const problems = await preflight(files, process.env);
const report = () => {
  if (problems.length === 0) return;
  process.stderr.write(`\nnpm test: this machine lacks what some suites need (docs/development.md#test-variables):\n`);
  for (const problem of problems) process.stderr.write(`  - ${problem}\n`);
  process.stderr.write('\n');
};
report();
const env = {
  ...process.env,
  UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE ?? '16',
  LOGWARD_LOG_LEVEL: process.env.LOGWARD_LOG_LEVEL ?? 'silent',
};
const concurrency = process.env.LOGWARD_TEST_CONCURRENCY ?? '2';
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, ...files], {
  stdio: 'inherit',
  env,
});
if (result.status !== 0) report();
process.exit(result.status ?? 1);
