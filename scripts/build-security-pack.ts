/**
 * `npm run build:security-pack`: regenerates src/modules/security/pack/ from ../shared/datasets (decision 0406) —
 * the SigmaHQ rules for the log sources Logward receives (Linux syslog/auth/sshd/auditd, web servers, proxies,
 * DNS, firewalls, and the Windows rules whose regression events show the Windows JSON shape), kept as their YAML with
 * their path (DRL 1.1 attribution), and the compact ATT&CK catalog their tags resolve against. Only rules that convert
 * today are kept; the list of those left out is printed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { convertRule, readAttackCatalog, readSigmaRule, readYamlDocuments, SigmaError } from '../src/sigma/index.js';
import { datasetsDir } from '../test/support/datasets.js';
import { regressionCases, ruleFiles } from '../bench/sigma-dataset.js';

const DATASETS = datasetsDir();
const SIGMA = path.join(DATASETS, 'sigma');
const OUT = path.resolve(import.meta.dirname, '../src/modules/security/pack');

/** Folders (under rules/) whose log sources Logward receives as they are shipped. */
const FOLDERS = [
  'rules/linux/builtin/',
  'rules/linux/auditd/',
  'rules/web/',
  'rules/network/dns/',
  'rules/network/firewall/',
  'rules/network/zeek/',
  'rules/category/',
];
/** Statuses SigmaHQ does not recommend running. */
const SKIPPED_STATUSES = new Set(['deprecated', 'unsupported']);

const attackJson = JSON.parse(fs.readFileSync(path.join(DATASETS, 'mitre-attack/mitre-attack-enterprise.json'), 'utf8')) as {
  tactics: Record<string, { id: string; name: string; url: string; techniques?: string[] }>;
  techniques: Record<string, { id: string; name: string; url: string; relation?: { technique?: string; tactics?: string[] } }>;
};
const attack = readAttackCatalog(attackJson);
const windowsWithEvents = new Set(regressionCases(SIGMA).map((c) => c.ruleId));

interface PackRule {
  readonly path: string;
  readonly sigmaId: string | null;
  readonly yaml: string;
}

const rules: PackRule[] = [];
const leftOut: string[] = [];
for (const file of ruleFiles(SIGMA)) {
  const relative = path.relative(SIGMA, file);
  const text = fs.readFileSync(file, 'utf8');
  const inFolder = FOLDERS.some((folder) => relative.startsWith(folder));
  const docs = readYamlDocuments(text);
  const ids = docs.map((doc) => (typeof (doc as { id?: unknown }).id === 'string' ? (doc as { id: string }).id : null));
  const windows = ids.some((id) => id !== null && windowsWithEvents.has(id));
  if (!inFolder && !windows) continue;
  try {
    const converted = docs.map((doc, index) => convertRule(readSigmaRule(doc, index), { attack }));
    if (converted.some((rule) => SKIPPED_STATUSES.has(rule.status ?? ''))) continue;
    rules.push({ path: relative, sigmaId: converted[0]?.sigmaId ?? null, yaml: text });
  } catch (error) {
    if (!(error instanceof SigmaError)) throw error;
    leftOut.push(`${relative}: ${error.message}`);
  }
}

/**
 * Rules Logward adds to the pack in Sigma's own format (Apache-2.0, this project): detections SigmaHQ leaves to
 * correlation rules it does not ship, such as counting SSH password failures.
 */
const LOGWARD_RULES: readonly PackRule[] = [
  {
    path: 'logward/ssh_brute_force.yml',
    sigmaId: '6f1d8c2e-4b7a-4e0f-9c3d-2a5b8e7f1c04',
    yaml: `title: SSH Password Failure
name: logward_ssh_password_failure
id: 3c9e1a7b-2d4f-4a6e-8b1c-5f0d9e2a7b13
status: experimental
description: One failed SSH password attempt (a base rule of the brute-force correlation).
author: Logward
logsource:
  product: linux
  service: sshd
detection:
  selection:
    message|contains: 'Failed password'
  condition: selection
level: low
---
title: SSH Brute Force
id: 6f1d8c2e-4b7a-4e0f-9c3d-2a5b8e7f1c04
status: experimental
description: Ten or more failed SSH passwords on one host within five minutes.
author: Logward
references:
  - https://attack.mitre.org/techniques/T1110/001/
tags:
  - attack.credential-access
  - attack.t1110.001
correlation:
  type: event_count
  rules:
    - logward_ssh_password_failure
  group-by:
    - host
  timespan: 5m
  condition:
    gte: 10
falsepositives:
  - A user who forgot a password, repeatedly
level: high
`,
  },
];
rules.push(...LOGWARD_RULES);

const compactAttack = {
  tactics: Object.fromEntries(Object.entries(attackJson.tactics).map(([id, t]) => [id, { id: t.id, name: t.name, url: t.url }])),
  techniques: Object.fromEntries(
    Object.entries(attackJson.techniques).map(([id, t]) => [
      id,
      {
        id: t.id,
        name: t.name,
        url: t.url,
        relation: t.relation?.technique === undefined ? { tactics: t.relation?.tactics ?? [] } : { technique: t.relation.technique },
      },
    ]),
  ),
};

fs.mkdirSync(OUT, { recursive: true });
const source = 'SigmaHQ/sigma@8eaafff1f2845a696050e05e72ba1140ee190698 (Detection Rule License 1.1, https://github.com/SigmaHQ/sigma)';
fs.writeFileSync(path.join(OUT, 'builtin-pack.json'), `${JSON.stringify({ source, license: 'DRL-1.1', rules }, null, 0)}\n`);
fs.writeFileSync(
  path.join(OUT, 'attack-catalog.json'),
  `${JSON.stringify({ source: 'MITRE ATT&CK Enterprise ~v13 via logzio/useMitreAttack; (c) The MITRE Corporation, ATT&CK Terms of Use', ...compactAttack })}\n`,
);
console.log(
  `built-in pack: ${rules.length} rule files (${rules.filter((r) => windowsWithEvents.has(r.sigmaId ?? '')).length} Windows with regression events); left out ${leftOut.length}`,
);
for (const line of leftOut) console.log(`  left out ${line}`);
