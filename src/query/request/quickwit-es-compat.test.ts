import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { parseLuceneQuery, parseSearchRequest } from '../index.js';

// Every Elasticsearch request body of the quickwit-es-compat scenarios parses: the search helper replays them
// against the ES-compatible API, so a body this parser rejects would be a failing conformance step.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const beside = path.resolve(repoRoot, '../shared/datasets');
const suite = path.join(fs.existsSync(beside) ? beside : '/work/shared/datasets', 'quickwit-es-compat/es_compatibility');

interface Step {
  readonly endpoint?: string;
  readonly engines?: readonly string[];
  readonly status_code?: number | null;
  readonly params?: Readonly<Record<string, unknown>>;
  readonly json?: unknown;
  readonly ndjson?: readonly unknown[];
}

const NOW = Date.parse('2026-11-21T12:00:00Z');
const options = { now: NOW, profile: 'elasticsearch' as const };

function stepsOf(directory: string): Array<{ name: string; step: Step }> {
  const context = (file: string): Step =>
    fs.existsSync(path.join(directory, file)) ? (YAML.parse(fs.readFileSync(path.join(directory, file), 'utf8')) as Step) : {};
  const base = { ...context('_ctx.yaml'), ...context('_ctx.elasticsearch.yaml') };
  return fs
    .readdirSync(directory)
    .filter((file) => /^\d{4}-.*\.yaml$/.test(file))
    .sort()
    .flatMap((file) =>
      YAML.parseAllDocuments(fs.readFileSync(path.join(directory, file), 'utf8'), { uniqueKeys: false }).map((document, index) => ({
        name: `${path.basename(directory)}/${file} #${index}`,
        step: { ...base, ...(document.toJS() as Step | null) },
      })),
    );
}

const steps = [...stepsOf(suite), ...stepsOf(path.join(suite, 'multi-indices'))].filter(({ step }) => {
  const forElasticsearch = step.engines === undefined || step.engines.includes('elasticsearch');
  const expectsError = typeof step.status_code === 'number' && step.status_code >= 400;
  return forElasticsearch && !expectsError && /(^|\/)(_search|_count|_msearch)$/.test(step.endpoint ?? '');
});

describe('quickwit-es-compat request bodies parse', () => {
  it('finds the scenarios', () => assert.ok(steps.length > 150, `only ${steps.length} steps found in ${suite}`));
  for (const { name, step } of steps) {
    it(name, () => {
      const bodies = step.ndjson === undefined ? [step.json] : step.ndjson.filter((_, index) => index % 2 === 1);
      for (const body of bodies) parseSearchRequest(body, options);
      const q = step.params?.q;
      if (typeof q === 'string') {
        const df = step.params?.df;
        parseLuceneQuery(q, { ...options, ...(typeof df === 'string' ? { defaultField: df } : {}) });
      }
    });
  }
});
