import fs from 'node:fs';
import path from 'node:path';
import { request, type Dispatcher } from 'undici';
import { mismatch, resolvePrevious } from './expectations.js';
import { appliesToElasticsearch, type ScenarioFolder, type ScenarioStep } from './scenario.js';

export interface Targets {
  /** Base URL of the API server (Elasticsearch-compatible read API). */
  readonly apiUrl: string;
  readonly apiToken: string;
  /** Base URL of the log listener (`_bulk`) and the shipping token. */
  readonly listenerUrl: string;
  readonly shippingToken: string;
}

export interface StepOutcome {
  readonly id: string;
  readonly passed: boolean;
  readonly reason: string | null;
}

function queryString(params: Readonly<Record<string, unknown>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) search.set(key, Array.isArray(value) ? value.map(String).join(',') : String(value));
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

function bodyOf(
  step: ScenarioStep,
  dir: string,
  previous: unknown,
): { body: Buffer | string | undefined; contentType: string | undefined } {
  if (step.bodyFromFile !== undefined)
    return { body: fs.readFileSync(path.join(dir, step.bodyFromFile)), contentType: step.headers['content-type'] ?? 'application/json' };
  if (step.ndjson !== undefined)
    return { body: `${step.ndjson.map((line) => JSON.stringify(line)).join('\n')}\n`, contentType: 'application/x-ndjson' };
  if (step.json !== undefined) return { body: JSON.stringify(resolvePrevious(step.json, previous)), contentType: 'application/json' };
  return { body: undefined, contentType: undefined };
}

const isBulk = (step: ScenarioStep): boolean => /(^|\/)_bulk$/.test(step.endpoint.split('?')[0] ?? '');

async function send(step: ScenarioStep, dir: string, targets: Targets, previous: unknown): Promise<{ status: number; json: unknown }> {
  const { body, contentType } = bodyOf(step, dir, previous);
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(step.headers)) if (key !== 'content-type') headers[key] = value;
  if (contentType !== undefined) headers['content-type'] = contentType;
  const endpoint = step.endpoint.replace(/^\//, '');
  let url: string;
  if (isBulk(step)) {
    url = `${targets.listenerUrl}/${endpoint}${queryString({ ...step.params, token: targets.shippingToken })}`;
  } else {
    headers['x-api-token'] = targets.apiToken;
    url = `${targets.apiUrl}/${endpoint}${queryString(step.params)}`;
  }
  // undici's request, not fetch: Elasticsearch clients send bodies with GET and fetch refuses to.
  const response = await request(url, { method: step.method as Dispatcher.HttpMethod, headers, body });
  const text = await response.body.text();
  let json: unknown = text;
  try {
    json = text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    // Kept as text: an expectation on it fails with the text shown.
  }
  return { status: response.statusCode, json };
}

/** Loads a folder's data: its `_bulk` setup steps through our listener (index management has no equivalent). */
export async function runSetup(folder: ScenarioFolder, targets: Targets): Promise<void> {
  for (const step of folder.setup.filter(isBulk)) {
    const { status } = await send(step, folder.dir, targets, null);
    if (status !== 200) throw new Error(`setup ${step.id} answered ${status}`);
  }
}

const usesPrevious = (step: ScenarioStep): boolean => JSON.stringify(step.json ?? null).includes('"$previous"');

/** Steps run a few at a time; a step that reads the previous response waits for it. Outcomes keep step order. */
const CONCURRENCY = 4;

async function runStep(
  step: ScenarioStep,
  dir: string,
  targets: Targets,
  previous: unknown,
): Promise<{ outcome: StepOutcome; json: unknown }> {
  try {
    const { status, json } = await send(step, dir, targets, previous);
    if (step.statusCode !== null && status !== step.statusCode) {
      return {
        outcome: {
          id: step.id,
          passed: false,
          reason: `status ${status}, expected ${step.statusCode}: ${JSON.stringify(json)?.slice(0, 160)}`,
        },
        json,
      };
    }
    const problem = step.expected === undefined ? null : mismatch(step.expected, json);
    return { outcome: { id: step.id, passed: problem === null, reason: problem }, json };
  } catch (error) {
    return { outcome: { id: step.id, passed: false, reason: `request failed: ${String(error)}` }, json: null };
  }
}

export async function runSteps(folder: ScenarioFolder, targets: Targets): Promise<StepOutcome[]> {
  const steps = folder.steps.filter(appliesToElasticsearch);
  const outcomes: StepOutcome[] = [];
  const responses: unknown[] = [];
  let i = 0;
  while (i < steps.length) {
    let end = i + 1;
    while (end < steps.length && end - i < CONCURRENCY && !usesPrevious(steps[end] as ScenarioStep)) end += 1;
    const batch = steps.slice(i, end);
    const results = await Promise.all(batch.map((step, k) => runStep(step, folder.dir, targets, responses[i + k - 1] ?? null)));
    for (const result of results) {
      outcomes.push(result.outcome);
      responses.push(result.json);
    }
    i = end;
  }
  return outcomes;
}

/** docs/compatibility.md from the outcomes. */
export function compatibilityReport(outcomes: readonly StepOutcome[], reasons: Readonly<Record<string, string>>): string {
  const passed = outcomes.filter((o) => o.passed).length;
  const failing = outcomes.filter((o) => !o.passed);
  const rate = ((100 * passed) / Math.max(outcomes.length, 1)).toFixed(1);
  const lines = [
    '# Elasticsearch compatibility',
    '',
    'Generated by `LOGWARD_WRITE_COMPAT_DOC=1 npm test -- test/compat/quickwit-es-compat` from the runner over',
    "Quickwit's Elasticsearch-compatibility scenarios (datasets/quickwit-es-compat: `es_compatibility` with its",
    '`multi-indices` sub-suite, `es_compatibility_info`, `es_field_capabilities`; every step whose `engines` include',
    "elasticsearch). Data is loaded through Logward's own `_bulk` listener with a shipping token; steps run against",
    'the Elasticsearch-compatible API at `/v1/elasticsearch` with an API token. The `bulk/` sub-suite tests the',
    'ingest `_bulk` API, not the read API, and is left to the ingest tests; index creation/deletion setup steps have',
    'no equivalent.',
    '',
    `**${passed} of ${outcomes.length} applicable steps pass (${rate} %).**`,
    '',
    '## Failing steps',
    '',
    '| step | reason | observed |',
    '| --- | --- | --- |',
    ...failing.map(
      (o) =>
        `| ${o.id} | ${reasons[o.id.replace(/ (GET|POST)$/, '')] ?? reasonFor(o)} | ${(o.reason ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ').slice(0, 140)} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

function reasonFor(outcome: StepOutcome): string {
  const reason = outcome.reason ?? '';
  if (reason.includes('untranslated')) return 'expectation not translated';
  if (reason.startsWith('status 404')) return 'endpoint not provided';
  return 'not analysed';
}
