#!/usr/bin/env node
// Runs every *.test.ts under src/ and test/ with node's test runner through tsx.
// Usage: npm test [-- <path filter> ...]   e.g. npm test -- src/query test/api/whoami
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

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
process.exit(result.status ?? 1);
