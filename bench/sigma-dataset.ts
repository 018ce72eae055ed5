/** The SigmaHQ rules and regression events of ../shared/datasets/sigma, read as the bench needs them. */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

export const RULE_FOLDERS = ['rules', 'rules-emerging-threats', 'rules-threat-hunting'] as const;

function filesUnder(dir: string, suffix: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full, suffix);
    return entry.name.endsWith(suffix) ? [full] : [];
  });
}

export function ruleFiles(sigmaDir: string): string[] {
  return RULE_FOLDERS.flatMap((folder) => filesUnder(path.join(sigmaDir, folder), '.yml')).sort();
}

/** A file of concatenated JSON objects (the regression events of one rule) → the objects. */
export function concatenatedJson(text: string): unknown[] {
  const out: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{') {
      if (depth === 0) start = i;
      depth += 1;
    } else if (c === '}') {
      depth -= 1;
      if (depth === 0) out.push(JSON.parse(text.slice(start, i + 1)) as unknown);
    }
  }
  return out;
}

export interface RegressionCase {
  /** The rule id (the file name). */
  readonly ruleId: string;
  readonly file: string;
  /** Each event as its exact JSON line. */
  readonly lines: readonly string[];
  /**
   * How many of the events the rule must match (info.yml `match_count`; 1 when it gives none): an exported
   * trace may hold neighbouring events that are not positives.
   */
  readonly expectedMatches: number;
}

function matchCountOf(infoFile: string): number | undefined {
  if (!fs.existsSync(infoFile)) return undefined;
  const info = parse(fs.readFileSync(infoFile, 'utf8')) as { regression_tests_info?: { match_count?: unknown }[] } | null;
  const counts = (info?.regression_tests_info ?? []).map((t) => t.match_count).filter((n): n is number => typeof n === 'number');
  return counts.length === 0 ? undefined : counts.reduce((a, b) => a + b, 0);
}

export function regressionCases(sigmaDir: string): RegressionCase[] {
  return filesUnder(path.join(sigmaDir, 'regression_data'), '.json')
    .sort()
    .map((file) => {
      const lines = concatenatedJson(fs.readFileSync(file, 'utf8')).map((event) => JSON.stringify(event));
      const expected = matchCountOf(path.join(path.dirname(file), 'info.yml')) ?? 1;
      return { ruleId: path.basename(file, '.json'), file, lines, expectedMatches: Math.min(expected, lines.length) };
    });
}
