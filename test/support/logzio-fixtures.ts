import fs from 'node:fs';
import path from 'node:path';
import { datasetsDir } from './datasets.js';

export { datasetsDir };

/** A JSON response body the official Terraform client's tests serve (datasets/logzio-api-fixtures). */
export function readLogzioFixture(area: string, file: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(datasetsDir(), 'logzio-api-fixtures', area, file), 'utf8')) as unknown;
}
