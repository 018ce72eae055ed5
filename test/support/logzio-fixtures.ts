import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The shared datasets beside the repository (CI clones it beside shared/), else the workstation copy. */
export function datasetsDir(): string {
  const beside = path.resolve(repoRoot, '../shared/datasets');
  return fs.existsSync(beside) ? beside : '/work/shared/datasets';
}

/** A JSON response body the official Terraform client's tests serve (datasets/logzio-api-fixtures). */
export function readLogzioFixture(area: string, file: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(datasetsDir(), 'logzio-api-fixtures', area, file), 'utf8')) as unknown;
}
