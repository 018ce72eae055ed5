/**
 * The loghub systems as templates to re-fill: each of the 2,000 parsed lines of a system (its `*_structured.csv`)
 * becomes its ground-truth template cut at the variables (`<*>`), with the variables' real values beside it (the
 * shapes new values copy) and the line's header columns (level, component, pid…). BGL's full template list
 * (`BGL_templates.csv`) adds the templates no sampled line has, each as one line's worth: they are where the real
 * data's rare words are. (HDFS's full list writes its templates without the spaces of the lines, so it is left out.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../test/support/loghub-samples.js';

export interface TemplateLine {
  readonly eventId: string;
  /** The template's literal text around its variables: `parts.length === slots.length + 1`. */
  readonly parts: readonly string[];
  /** The variables' values in the real line, or '' for a template no sampled line has. */
  readonly slots: readonly string[];
  /** The line's header columns, by their CSV names (`Level`, `Component`, `Pid`…). */
  readonly header: Readonly<Record<string, string>>;
  /** The line's level or content reads as a failure: the lines an incident (a burst) repeats. */
  readonly failure: boolean;
  /** The line did not fit its template (loghub trimmed it): its one literal gets its numbers renewed instead. */
  readonly unfitted: boolean;
}

export interface LoghubSystem {
  readonly name: string;
  readonly lines: readonly TemplateLine[];
}

const NOT_HEADER = new Set(['LineId', 'Content', 'EventId', 'EventTemplate']);
const FAILURE_LEVEL = /^(E|W|ERROR|WARN|WARNING|FATAL|SEVERE|error)$/;
const FAILURE_TEXT = /fail|error|exception|refused|denied|timeout|timed out|invalid|unreachable|break-in|lost|corrupt/i;

/** `<*>`-split pieces of a template and, when the content fits it, the values between them. */
function cut(template: string, content: string, pattern: RegExp | undefined): { parts: string[]; slots: string[] } | undefined {
  const parts = template.split('<*>');
  if (parts.length === 1) return content === template ? { parts, slots: [] } : undefined;
  const match = pattern?.exec(content);
  if (match === null || match === undefined) return undefined;
  return { parts, slots: match.slice(1) };
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function templatePattern(template: string): RegExp {
  return new RegExp(`^${template.split('<*>').map(escape).join('(.*?)')}$`, 's');
}

function readSystem(dir: string, name: string): LoghubSystem | undefined {
  const file = path.join(dir, name, `${name}_2k.log_structured.csv`);
  if (!fs.existsSync(file)) return undefined;
  const [header = [], ...records] = parseCsv(fs.readFileSync(file, 'utf8'));
  const column = (wanted: string): number => header.indexOf(wanted);
  const [content, eventId, template] = [column('Content'), column('EventId'), column('EventTemplate')];
  const patterns = new Map<string, RegExp>();
  const lines: TemplateLine[] = [];
  for (const record of records) {
    if (record.length !== header.length) continue;
    const text = record[content] ?? '';
    const shape = record[template] ?? text;
    let pattern = patterns.get(shape);
    if (pattern === undefined) patterns.set(shape, (pattern = templatePattern(shape)));
    // A line whose text does not fit its template (loghub's parse trims some) keeps its own text as one literal:
    // the re-fill then renews its numbers in place.
    const fitted = cut(shape, text, pattern);
    const pieces = fitted ?? { parts: [text], slots: [] };
    const fields: Record<string, string> = {};
    header.forEach((name, i) => {
      if (!NOT_HEADER.has(name) && record[i] !== undefined && record[i] !== '') fields[name] = record[i] ?? '';
    });
    lines.push({
      eventId: record[eventId] ?? '',
      ...pieces,
      header: fields,
      failure: FAILURE_LEVEL.test(fields.Level ?? '') || FAILURE_TEXT.test(text),
      unfitted: fitted === undefined,
    });
  }
  for (const extra of unsampledTemplates(dir, name, lines)) lines.push(extra);
  return { name, lines };
}

const FULL_TEMPLATE_LISTS = new Set(['BGL']);
const bare = (template: string): string => template.replace(/\s+/g, '');

/** The full data set's templates (BGL) that none of the 2,000 sampled lines has, with empty example values. */
function unsampledTemplates(dir: string, name: string, sampled: readonly TemplateLine[]): TemplateLine[] {
  const file = path.join(dir, name, `${name}_templates.csv`);
  if (!FULL_TEMPLATE_LISTS.has(name) || !fs.existsSync(file)) return [];
  const seen = new Set(sampled.map((line) => bare(line.parts.join('<*>'))));
  const [header = [], ...records] = parseCsv(fs.readFileSync(file, 'utf8'));
  const [id, template] = [header.indexOf('EventId'), header.indexOf('EventTemplate')];
  return records
    .filter((record) => record.length === header.length && !seen.has(bare(record[template] ?? '')))
    .map((record) => {
      const text = record[template] ?? '';
      const parts = text.split('<*>');
      return {
        eventId: record[id] ?? '',
        parts,
        slots: parts.slice(1).map(() => ''),
        header: {},
        failure: FAILURE_TEXT.test(text),
        unfitted: false,
      };
    });
}

/** Every loghub system under `datasetsDir/loghub` that has its parsed sample, by name. */
export function loadLoghubCorpus(datasetsDir: string): ReadonlyMap<string, LoghubSystem> {
  const dir = path.join(datasetsDir, 'loghub');
  const systems = new Map<string, LoghubSystem>();
  for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : []) {
    if (!entry.isDirectory()) continue;
    const system = readSystem(dir, entry.name);
    if (system !== undefined && system.lines.length > 0) systems.set(system.name, system);
  }
  return systems;
}
