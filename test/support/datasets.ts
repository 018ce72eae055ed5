import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The shared datasets folder: beside the repository, or /work/shared/datasets on the project's machines. */
export function datasetsDir(): string {
  const beside = path.resolve(repoRoot, '../shared/datasets');
  return fs.existsSync(beside) ? beside : '/work/shared/datasets';
}
