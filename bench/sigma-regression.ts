/**
 * `npm run bench:sigma [-- --all-rules=false]`: converts every SigmaHQ rule of ../shared/datasets/sigma, ingests
 * each regression event (its JSON unchanged, as one log line of the listener's NDJSON) into a real chDB store,
 * runs each rule's compiled query and prints: rules converted / unsupported (by construct) / invalid, the share of
 * regression events their own rule detects (every miss listed with its reason), and false matches — rules firing on
 * other rules' regression events and on loghub's Linux and OpenSSH samples read as syslog lines.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { decodeNdjson } from '../src/ingest/decoders/ndjson-decoder.js';
import { decodeSyslog } from '../src/ingest/decoders/syslog-decoder.js';
import { normaliseLog } from '../src/ingest/normalise/normalise-log.js';
import type { SearchRequest } from '../src/query/index.js';
import { isAppError } from '../src/shared/app-error.js';
import {
  convertRule,
  readAttackCatalog,
  readSigmaRule,
  readYamlDocuments,
  SigmaError,
  type ConvertedSigmaRule,
} from '../src/sigma/index.js';
import type { LogDocument, LogStore, SearchScope } from '../src/storage/log-store.js';
import { openLogStore } from '../src/storage/open-log-store.js';
import { datasetsDir } from '../test/support/datasets.js';
import { regressionCases, ruleFiles } from './sigma-dataset.js';

const argument = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const ALL_RULES = argument('all-rules', 'true') === 'true';
const DATASETS = datasetsDir();
const SIGMA = path.join(DATASETS, 'sigma');
const NOW = Date.now();
const REGRESSION_ACCOUNT = 1;
const LINUX_ACCOUNT = 2;
const MAX_HITS = 10_000;

const BASE: SearchRequest = {
  query: { kind: 'match_all', boost: 1 },
  from: 0,
  size: MAX_HITS,
  sort: [],
  source: { enabled: false },
  postFilter: null,
  docvalueFields: [],
  storedFields: null,
  version: false,
  highlight: null,
  aggregations: [],
  trackTotalHits: true,
  searchAfter: null,
  timeoutMs: null,
  terminateAfter: null,
  trackScores: false,
  dayOffset: null,
  accountIds: null,
};

interface Conversion {
  readonly file: string;
  readonly rule: ConvertedSigmaRule;
}

function convertAll(attack: ReturnType<typeof readAttackCatalog>): {
  converted: Conversion[];
  failures: Map<string, string[]>;
  documents: number;
  unresolvedTags: number;
} {
  const converted: Conversion[] = [];
  const failures = new Map<string, string[]>();
  let documents = 0;
  let unresolvedTags = 0;
  for (const file of ruleFiles(SIGMA)) {
    const docs = readYamlDocuments(fs.readFileSync(file, 'utf8'));
    docs.forEach((doc, index) => {
      documents += 1;
      try {
        const rule = convertRule(readSigmaRule(doc, index), { attack });
        unresolvedTags += rule.attack?.unresolved.length ?? 0;
        converted.push({ file, rule });
      } catch (error) {
        if (!(error instanceof SigmaError)) throw error;
        const reason = error.construct === null ? 'invalid' : `unsupported: ${error.construct}`;
        failures.set(reason, [...(failures.get(reason) ?? []), `${path.relative(SIGMA, file)}: ${error.message}`]);
      }
    });
  }
  return { converted, failures, documents, unresolvedTags };
}

function documentsOf(accountId: number, lines: readonly string[]): LogDocument[] {
  const body = Buffer.from(`${lines.join('\n')}\n`);
  return decodeNdjson(body).logs.map((log) =>
    normaliseLog(log, { accountId, docSizeSetting: false, defaultType: 'http-bulk', receivedAtMs: NOW }),
  );
}

/** One CSV line (RFC 4180 quoting) → its cells. */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

/**
 * loghub keeps its samples as structured CSV: each row is put back into its syslog line (`Mon DD hh:mm:ss host
 * program[pid]: text`) and read by the syslog decoder, as a shipper's line would be.
 */
function loghubSyslogDocuments(
  accountId: number,
  file: string,
  columns: { month: string; day: string; host: string; program: string; pid: string },
): LogDocument[] {
  const [header = '', ...rows] = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
  const names = csvCells(header);
  const at = (cells: string[], name: string): string => cells[names.indexOf(name)] ?? '';
  return rows.flatMap((row) => {
    const cells = csvCells(row);
    const program = columns.program.startsWith('=') ? columns.program.slice(1) : at(cells, columns.program);
    const line = `<38>${at(cells, columns.month)} ${at(cells, columns.day).padStart(2, ' ')} ${at(cells, 'Time')} ${at(cells, columns.host)} ${program}[${at(cells, columns.pid)}]: ${at(cells, 'Content')}`;
    const entry = decodeSyslog(line, NOW);
    return entry === undefined
      ? []
      : [normaliseLog(entry.log, { accountId, docSizeSetting: false, defaultType: 'syslog', receivedAtMs: NOW })];
  });
}

async function matches(store: LogStore, accountId: number, rule: ConvertedSigmaRule): Promise<string[] | string> {
  const scope: SearchScope = { accounts: [{ accountId, fromMs: 0 }], toMs: null, types: null, filter: null };
  try {
    const result = await store.search({
      scope,
      request: { ...BASE, query: rule.query },
      receivedAtMostMs: null,
      after: null,
      background: true,
    });
    return result.hits.map((hit) => hit.id);
  } catch (error) {
    return isAppError(error) ? `engine error: ${error.message}` : `engine error: ${String(error)}`;
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const attack = readAttackCatalog(
    JSON.parse(fs.readFileSync(path.join(DATASETS, 'mitre-attack/mitre-attack-enterprise.json'), 'utf8')) as unknown,
  );
  const { converted, failures, documents, unresolvedTags } = convertAll(attack);
  const convertMs = performance.now() - started;
  const byId = new Map(converted.flatMap((c) => (c.rule.sigmaId === null ? [] : [[c.rule.sigmaId, c] as const])));
  console.log(
    `rules: ${documents} documents, ${converted.length} converted (${((converted.length / documents) * 100).toFixed(1)} %) in ${(convertMs / 1000).toFixed(1)} s`,
  );
  for (const [reason, list] of [...failures].sort((a, b) => b[1].length - a[1].length)) {
    console.log(`  ${reason}: ${list.length}`);
    for (const line of list.slice(0, 3)) console.log(`    e.g. ${line}`);
  }
  console.log(
    `  logsource not in the mapping table: ${converted.filter((c) => !c.rule.logsourceMapped).length}; attack tags not in the ATT&CK data: ${unresolvedTags}`,
  );

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-sigma-bench-'));
  const store = await openLogStore(
    { url: `chdb:${dir}`, memoryBytes: 2_000_000_000 },
    { logger: pino({ level: 'silent' }), clock: { now: () => NOW } },
  );
  try {
    const cases = regressionCases(SIGMA);
    const caseOfLog = new Map<string, string>();
    const logsOfCase = new Map<string, string[]>();
    const regressionDocs: LogDocument[] = [];
    for (const c of cases) {
      const docs = documentsOf(REGRESSION_ACCOUNT, c.lines);
      regressionDocs.push(...docs);
      logsOfCase.set(
        c.ruleId,
        docs.map((d) => d.id),
      );
      for (const d of docs) caseOfLog.set(d.id, c.ruleId);
    }
    const linuxDocs = [
      ...loghubSyslogDocuments(LINUX_ACCOUNT, path.join(DATASETS, 'loghub/Linux/Linux_2k.log_structured.csv'), {
        month: 'Month',
        day: 'Date',
        host: 'Level',
        program: 'Component',
        pid: 'PID',
      }),
      ...loghubSyslogDocuments(LINUX_ACCOUNT, path.join(DATASETS, 'loghub/OpenSSH/OpenSSH_2k.log_structured.csv'), {
        month: 'Date',
        day: 'Day',
        host: 'Component',
        program: '=sshd',
        pid: 'Pid',
      }),
    ];
    await store.append([...regressionDocs, ...linuxDocs], { dedupToken: 'sigma-bench', retentionDaysOf: () => 3650 });
    console.log(
      `store: ${regressionDocs.length} regression events of ${cases.length} rules, ${linuxDocs.length} loghub Linux/OpenSSH syslog lines`,
    );

    // Each regression event against its own rule.
    let eventsDetected = 0;
    let casesDetected = 0;
    const misses: string[] = [];
    for (const c of cases) {
      const own = logsOfCase.get(c.ruleId) ?? [];
      const conversion = byId.get(c.ruleId);
      if (conversion === undefined) {
        const failure = [...failures.values()]
          .flat()
          .find((line) => line.includes(c.ruleId) || line.includes(path.basename(path.dirname(c.file))));
        misses.push(`${c.ruleId} (${own.length} events): not converted — ${failure ?? 'rule not found'}`);
        continue;
      }
      const hits = await matches(store, REGRESSION_ACCOUNT, conversion.rule);
      if (typeof hits === 'string') {
        misses.push(`${c.ruleId} ${conversion.rule.title}: ${hits}`);
        continue;
      }
      const found = own.filter((id) => hits.includes(id)).length;
      eventsDetected += Math.min(found, c.expectedMatches);
      if (found > 0) casesDetected += 1;
      if (found < c.expectedMatches)
        misses.push(`${c.ruleId} ${conversion.rule.title}: ${found}/${c.expectedMatches} expected events detected`);
    }
    const totalEvents = cases.reduce((n, c) => n + c.expectedMatches, 0);
    console.log(
      `regression: ${casesDetected}/${cases.length} rules fire on their events (${((casesDetected / cases.length) * 100).toFixed(1)} %), ${eventsDetected}/${totalEvents} expected positive events detected (${((eventsDetected / totalEvents) * 100).toFixed(1)} %; ${regressionDocs.length} events stored)`,
    );
    for (const miss of misses) console.log(`  miss: ${miss}`);

    // Every converted rule over every log: firings outside a rule's own regression events.
    const rules = ALL_RULES ? converted : converted.filter((c) => c.rule.sigmaId !== null && logsOfCase.has(c.rule.sigmaId));
    const crossRules: string[] = [];
    let crossPairs = 0;
    const linuxRules = new Map<string, number>();
    let engineErrors = 0;
    const queryStarted = performance.now();
    for (const { rule, file } of rules) {
      const regressionHits = await matches(store, REGRESSION_ACCOUNT, rule);
      // A Windows rule requires the Windows event shape (mapping/logsource.ts): it is not run over syslog lines.
      const linuxHits = rule.logsource.product === 'windows' ? [] : await matches(store, LINUX_ACCOUNT, rule);
      if (typeof regressionHits === 'string' || typeof linuxHits === 'string') {
        engineErrors += 1;
        if (engineErrors <= 5)
          console.log(
            `  engine error: ${path.relative(SIGMA, file)}: ${String(typeof regressionHits === 'string' ? regressionHits : linuxHits).slice(0, 300)}`,
          );
        continue;
      }
      const foreign = regressionHits.filter((id) => caseOfLog.get(id) !== rule.sigmaId);
      if (foreign.length > 0) {
        crossPairs += foreign.length;
        const owners = [...new Set(foreign.map((id) => caseOfLog.get(id)))];
        crossRules.push(`${rule.title} (${rule.level ?? 'no level'}): ${foreign.length} events of ${owners.length} other rules`);
      }
      if (linuxHits.length > 0)
        linuxRules.set(
          `${rule.title} [${rule.logsource.product ?? ''}/${rule.logsource.service ?? rule.logsource.category ?? ''}]`,
          linuxHits.length,
        );
    }
    const queryMs = performance.now() - queryStarted;
    console.log(
      `false matches (${rules.length} rules run over all logs in ${(queryMs / 1000).toFixed(1)} s, ${engineErrors} engine errors):`,
    );
    console.log(`  on other rules' regression events: ${crossRules.length} rules, ${crossPairs} (rule, event) pairs`);
    for (const line of crossRules.slice(0, 40)) console.log(`    ${line}`);
    console.log(`  on loghub Linux/OpenSSH lines: ${linuxRules.size} rules`);
    for (const [title, n] of [...linuxRules].sort((a, b) => b[1] - a[1])) console.log(`    ${title}: ${n} lines`);
  } finally {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`total ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

await main();
