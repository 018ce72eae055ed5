// What `npm test` prepares before the suites run, and what it names when it cannot (issue 51 item 6).
// Prepares: the test database on a reachable PostgreSQL (created when missing).
// Names: every prerequisite this machine lacks, the suites that will fail without it and the command that provides it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export const DEFAULT_TEST_PG_URL = 'postgres://postgres@127.0.0.1:5432/logward_test';
const PREPARE = 'bash scripts/prepare-test-machine.sh';

function redact(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

async function canConnect(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return { ok: true };
  } catch (error) {
    return { ok: false, error };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Creates the test database when the server is reachable and it is missing; returns a problem or undefined. */
export async function preparePostgres(url) {
  let target;
  try {
    target = new URL(url);
  } catch {
    return `LOGWARD_TEST_PG_URL is not a URL: "${url}"`;
  }
  const database = decodeURIComponent(target.pathname.replace(/^\//, '')) || 'postgres';
  const first = await canConnect(url);
  if (first.ok) return undefined;
  // 3D000 is "database does not exist": the server answers, so create the database from its maintenance database.
  if (first.error?.code !== '3D000') {
    return (
      `PostgreSQL is not reachable at ${redact(url)} (${first.error?.message ?? first.error}).\n` +
      `    Needed by: every suite looping over controlPlaneBackends (test/api, test/process, src/**/**-repository.test.ts …).\n` +
      `    Fix: start PostgreSQL there (on Debian: ${PREPARE}), or point LOGWARD_TEST_PG_URL at one you can use.`
    );
  }
  const admin = new URL(target);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query(`create database "${database.replaceAll('"', '""')}"`);
    process.stderr.write(`npm test: created PostgreSQL database "${database}" at ${redact(admin.toString())}\n`);
    return undefined;
  } catch (error) {
    // 42P04: another run created it between our two connections.
    if (error?.code === '42P04') return undefined;
    return (
      `PostgreSQL at ${redact(url)} answers but database "${database}" does not exist and could not be created: ${error?.message ?? error}.\n` +
      `    Fix: create it (createdb -h ${target.hostname} -U ${target.username || 'postgres'} ${database}) or set LOGWARD_TEST_PG_URL.`
    );
  } finally {
    await client.end().catch(() => {});
  }
}

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Tools some suites start as real processes; each missing one is named with the suites that need it. */
export function missingTools(files, env) {
  const problems = [];
  const uses = (fragment) => files.some((file) => file.includes(fragment));
  const chromium = env.LOGWARD_CHROMIUM ?? '/usr/bin/chromium';
  if (uses(`test${path.sep}web`) && !fs.existsSync(chromium)) {
    problems.push(`Chromium is not at ${chromium}: test/web fails. Fix: ${PREPARE} (Debian's chromium) or set LOGWARD_CHROMIUM.`);
  }
  if (uses('rsyslog.test') && !onPath('rsyslogd')) {
    problems.push(`rsyslogd is not on PATH: test/shippers/rsyslog fails. Fix: ${PREPARE} (rsyslog, rsyslog-elasticsearch).`);
  }
  const syslogNgRoot = env.LOGWARD_SYSLOG_NG_ROOT ?? '/opt/logward-test/syslog-ng';
  if (uses('syslog-ng.test') && !fs.existsSync(path.join(syslogNgRoot, 'root/usr/sbin/syslog-ng'))) {
    problems.push(
      `syslog-ng is not unpacked under ${syslogNgRoot}: test/shippers/syslog-ng fails. Fix: ${PREPARE} or set LOGWARD_SYSLOG_NG_ROOT.`,
    );
  }
  if (uses(`test${path.sep}shippers`) && !onPath('logger')) {
    problems.push(`logger (bsdutils) is not on PATH: test/shippers fails. Fix: ${PREPARE}.`);
  }
  return problems;
}

/** Runs before the suites: prepares what it can, returns the named problems it could not fix. */
export async function preflight(files, env) {
  const problems = [];
  const pgProblem = await preparePostgres(env.LOGWARD_TEST_PG_URL ?? DEFAULT_TEST_PG_URL);
  if (pgProblem !== undefined) problems.push(pgProblem);
  problems.push(...missingTools(files, env));
  return problems;
}
