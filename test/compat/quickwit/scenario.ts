import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

/** One request of a Quickwit scenario, with its folder context merged in and one HTTP method. */
export interface ScenarioStep {
  /** `folder/file.yaml#n METHOD`: stable, used in docs/compatibility.md. */
  readonly id: string;
  readonly method: string;
  readonly endpoint: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly json: unknown;
  readonly ndjson: readonly unknown[] | undefined;
  readonly bodyFromFile: string | undefined;
  readonly headers: Readonly<Record<string, string>>;
  /** null: any status is accepted. */
  readonly statusCode: number | null;
  readonly expected: unknown;
  /** Names → dotted paths of the response saved for `$previous` (kept for the record; `$previous` reads the last response). */
  readonly engines: readonly string[] | undefined;
}

export interface ScenarioFolder {
  readonly name: string;
  readonly dir: string;
  readonly setup: readonly ScenarioStep[];
  readonly steps: readonly ScenarioStep[];
}

type Doc = Record<string, unknown>;

function readDocuments(file: string): Doc[] {
  const text = fs.readFileSync(file, 'utf8');
  // Two upstream files have a duplicate key / loose indentation that PyYAML accepts.
  return parseAllDocuments(text, { uniqueKeys: false, strict: false })
    .map((document) => document.toJS() as unknown)
    .filter((value): value is Doc => value !== null && typeof value === 'object');
}

function readContext(dir: string): Doc {
  const merged: Doc = {};
  for (const name of ['_ctx.yaml', '_ctx.elasticsearch.yaml']) {
    const file = path.join(dir, name);
    if (fs.existsSync(file)) Object.assign(merged, ...readDocuments(file));
  }
  return merged;
}

function toSteps(label: string, docs: readonly Doc[], context: Doc): ScenarioStep[] {
  return docs.flatMap((raw, index) => {
    const doc = { ...context, ...raw };
    const methods = Array.isArray(doc.method) ? (doc.method as string[]) : [String(doc.method ?? 'GET')];
    return methods.map((method) => ({
      id: `${label}#${index + 1}${methods.length > 1 ? ` ${method}` : ''}`,
      method,
      endpoint: String(doc.endpoint ?? ''),
      params: (doc.params as Doc | undefined) ?? {},
      json: doc.json,
      ndjson: doc.ndjson as unknown[] | undefined,
      bodyFromFile: doc.body_from_file as string | undefined,
      headers: Object.fromEntries(Object.entries((doc.headers as Doc | undefined) ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)])),
      statusCode: 'status_code' in doc ? (doc.status_code as number | null) : 200,
      expected: doc.expected,
      engines: doc.engines as string[] | undefined,
    }));
  });
}

/** Reads a scenario folder and its sub folders (each sub folder inherits and extends the context). */
export function readScenarioFolders(dir: string, name = path.basename(dir), parentContext: Doc = {}): ScenarioFolder[] {
  const context = { ...parentContext, ...readContext(dir) };
  const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  const setupFile = path.join(dir, '_setup.elasticsearch.yaml');
  const setup = fs.existsSync(setupFile) ? toSteps(`${name}/_setup`, readDocuments(setupFile), context) : [];
  const steps = entries
    .filter((entry) => entry.isFile() && /^\d{4}-.*\.yaml$/.test(entry.name))
    .flatMap((entry) => toSteps(`${name}/${entry.name}`, readDocuments(path.join(dir, entry.name)), context));
  const sub = entries
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => readScenarioFolders(path.join(dir, entry.name), `${name}/${entry.name}`, context));
  return [{ name, dir, setup, steps }, ...sub];
}

/** Steps written for Elasticsearch: no `engines` list, or one naming it. */
export function appliesToElasticsearch(step: ScenarioStep): boolean {
  return step.engines === undefined || step.engines.includes('elasticsearch');
}
