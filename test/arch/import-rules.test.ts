import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DEPCRUISE = path.join(ROOT, 'node_modules/.bin/depcruise');

/** Runs the project's dependency-cruiser rules over a tiny tree of files; returns exit code and output. */
function cruise(files: Record<string, string>): { status: number; output: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-arch-'));
  try {
    fs.copyFileSync(path.join(ROOT, '.dependency-cruiser.cjs'), path.join(dir, '.dependency-cruiser.cjs'));
    fs.writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', allowImportingTsExtensions: true, noEmit: true },
      }),
    );
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    const result = spawnSync(DEPCRUISE, ['src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], {
      cwd: dir,
      encoding: 'utf8',
    });
    return { status: result.status ?? 1, output: `${result.stdout}${result.stderr}` };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('import rules (npm run check:arch)', () => {
  it('passes a tree that follows the rules', () => {
    const result = cruise({
      'src/shared/clock.ts': 'export const a = 1;\n',
      'src/query/parse.ts': "import { a } from '../shared/clock.ts';\nexport const b = a;\n",
      'src/modules/alerts/index.ts': "export { c } from './alert.ts';\n",
      'src/modules/alerts/alert.ts': "import { b } from '../../query/parse.ts';\nexport const c = b;\n",
      'src/modules/search/service.ts': "import { c } from '../alerts/index.ts';\nexport const d = c;\n",
    });
    assert.equal(result.status, 0, result.output);
  });

  it('fails when query/ imports the HTTP edge', () => {
    const result = cruise({
      'src/http/server.ts': 'export const s = 1;\n',
      'src/query/parse.ts': "import { s } from '../http/server.ts';\nexport const b = s;\n",
    });
    assert.notEqual(result.status, 0);
    assert.match(result.output, /query-is-pure/);
  });

  it("fails when a module reaches past another module's index.ts", () => {
    const result = cruise({
      'src/modules/alerts/index.ts': "export { c } from './alert.ts';\n",
      'src/modules/alerts/alert.ts': 'export const c = 1;\n',
      'src/modules/search/service.ts': "import { c } from '../alerts/alert.ts';\nexport const d = c;\n",
    });
    assert.notEqual(result.status, 0);
    assert.match(result.output, /modules-use-public-doors/);
  });

  it("fails when the detection engine imports a rule kind's module", () => {
    const result = cruise({
      'src/modules/alerts/index.ts': "export { c } from './alert.ts';\n",
      'src/modules/alerts/alert.ts': 'export const c = 1;\n',
      'src/detection/engine/detection-engine.ts': "import { c } from '../../modules/alerts/index.ts';\nexport const e = c;\n",
    });
    assert.notEqual(result.status, 0);
    assert.match(result.output, /detection-knows-no-modules/);
  });

  it("lets a rule kind's module use the detection engine through its door, and nothing past it", () => {
    const door = cruise({
      'src/detection/index.ts': "export { e } from './engine/detection-engine.ts';\n",
      'src/detection/engine/detection-engine.ts': 'export const e = 1;\n',
      'src/modules/alerts/alert-rule-kind.ts': "import { e } from '../../detection/index.ts';\nexport const k = e;\n",
    });
    assert.equal(door.status, 0, door.output);
    const past = cruise({
      'src/detection/index.ts': "export { e } from './engine/detection-engine.ts';\n",
      'src/detection/engine/detection-engine.ts': 'export const e = 1;\n',
      'src/modules/alerts/alert-rule-kind.ts': "import { e } from '../../detection/engine/detection-engine.ts';\nexport const k = e;\n",
    });
    assert.notEqual(past.status, 0);
    assert.match(past.output, /outside-uses-detection-door/);
  });

  it('fails when shared/ imports anything of ours', () => {
    const result = cruise({
      'src/config/x.ts': 'export const x = 1;\n',
      'src/shared/y.ts': "import { x } from '../config/x.ts';\nexport const y = x;\n",
    });
    assert.notEqual(result.status, 0);
    assert.match(result.output, /shared-imports-nothing/);
  });
  it('fails when the Lucene parser reaches back into a clause', () => {
    const result = cruise({
      'src/query/clauses/range.ts': 'export const r = 1;\n',
      'src/query/lucene/to-query-ast.ts': "import { r } from '../clauses/range.ts';\nexport const l = r;\n",
    });
    assert.notEqual(result.status, 0);
    assert.match(result.output, /query-lucene-below-clauses/);
  });

  it('fails when the ClickHouse predicate compiler imports an aggregation reader', () => {
    const result = cruise({
      'src/storage/clickhouse/search/aggregations/metrics.ts': 'export const m = 1;\n',
      'src/storage/clickhouse/search/compile/query-compiler.ts': "import { m } from '../aggregations/metrics.ts';\nexport const q = m;\n",
    });
    assert.notEqual(result.status, 0);
    assert.match(result.output, /clickhouse-compile-below-results/);
  });

  it('lets the listener use the HTTP error kit but not the API server', () => {
    const kit = {
      'src/http/errors/error-reply.ts': 'export const k = 1;\n',
      'src/http/build-server.ts': 'export const s = 1;\n',
    };
    const allowed = cruise({
      ...kit,
      'src/ingest/listeners/reply.ts': "import { k } from '../../http/errors/error-reply.ts';\nexport const r = k;\n",
    });
    assert.equal(allowed.status, 0, allowed.output);
    const refused = cruise({
      ...kit,
      'src/ingest/listeners/reply.ts': "import { s } from '../../http/build-server.ts';\nexport const r = s;\n",
    });
    assert.notEqual(refused.status, 0);
    assert.match(refused.output, /ingest-never-imports-http/);
  });

  it('fails when the HTTP error kit imports the API server', () => {
    const result = cruise({
      'src/http/plugins/error-handler.ts': 'export const h = 1;\n',
      'src/http/errors/error-reply.ts': "import { h } from '../plugins/error-handler.ts';\nexport const k = h;\n",
    });
    assert.notEqual(result.status, 0);
    assert.match(result.output, /http-errors-kit-imports-only-shared/);
  });

  it('lets only the control plane gather module table declarations, which import nothing', () => {
    const tables = {
      'src/shared/clock.ts': 'export const c = 1;\n',
      'src/modules/alerts/index.ts': 'export const i = 1;\n',
      'src/modules/alerts/migrations/index.ts': 'export const m = 1;\n',
    };
    const gathered = cruise({
      ...tables,
      'src/modules/alerts/alert-tables.ts': 'export interface AlertTables { alerts: { id: number } }\n',
      'src/storage/control-plane/tables.ts':
        "import type { AlertTables } from '../../modules/alerts/alert-tables.ts';\nimport { m } from '../../modules/alerts/migrations/index.ts';\nexport type T = AlertTables;\nexport const n = m;\n",
    });
    assert.equal(gathered.status, 0, gathered.output);
    const leaking = cruise({
      ...tables,
      'src/modules/alerts/alert-tables.ts': "import { c } from '../../shared/clock.ts';\nexport const t = c;\n",
    });
    assert.notEqual(leaking.status, 0);
    assert.match(leaking.output, /table-declarations-import-nothing/);
    const reaching = cruise({
      ...tables,
      'src/modules/alerts/alert-tables.ts': 'export const t = 1;\n',
      'src/http/x.ts': "import { t } from '../modules/alerts/alert-tables.ts';\nexport const x = t;\n",
    });
    assert.notEqual(reaching.status, 0);
    assert.match(reaching.output, /only-control-plane-reads-module-schemas/);
  });

  it('lets the trigger model import the severity list and nothing else of ours (the web app builds it too)', () => {
    const allowed = cruise({
      'src/shared/severity.ts': "export const SEVERITIES = ['INFO'] as const;\n",
      'src/trigger-model/tiers.ts': "import { SEVERITIES } from '../shared/severity.ts';\nexport const first = SEVERITIES[0];\n",
    });
    assert.equal(allowed.status, 0, allowed.output);
    const reaching = cruise({
      'src/shared/clock.ts': 'export const now = 1;\n',
      'src/trigger-model/tiers.ts': "import { now } from '../shared/clock.ts';\nexport const at = now;\n",
    });
    assert.notEqual(reaching.status, 0);
    assert.match(reaching.output, /trigger-model-is-pure/);
  });
});
