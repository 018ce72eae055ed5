import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from './child-process.js';
import { TEST_POSTGRES_URL } from './control-plane-backends.js';
import { startLogwardProcess, type LogwardProcess } from './logward-process.js';

/** A PostgreSQL database of its own (the processes of a cluster share it; a schema would need search_path in the URL). */
export interface TestDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `lw_cluster_${randomBytes(5).toString('hex')}`;
  const admin = new URL(TEST_POSTGRES_URL);
  admin.pathname = '/postgres';
  const run = async (statement: string): Promise<void> => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

export interface ClickHouseFront {
  readonly url: string;
  stop(): Promise<void>;
}

/** The chDB-over-HTTP front in a process of its own, standing in for a ClickHouse server every process reaches. */
export async function startClickHouseFront(): Promise<ClickHouseFront> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-chfront-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/clickhouse-front-main.ts', dataDir], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const killOnExit = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\S+)/.exec(out);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    void exited.then(() => reject(new Error(`the ClickHouse front exited: ${err.slice(-2000)}`)));
  });
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
      process.off('exit', killOnExit);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const CLUSTER_SECRET_KEY = 'cluster-secret-key-0123456789abcdef';

/** The settings every process of a test cluster shares (docs/deployment.md lists them). */
export function clusterEnv(database: TestDatabase, front: ClickHouseFront): Record<string, string> {
  return {
    LOGWARD_CONTROL_PLANE_URL: database.url,
    LOGWARD_LOG_STORE_URL: front.url,
    LOGWARD_SECRET_KEY: CLUSTER_SECRET_KEY,
  };
}

/** One process of the cluster with the given roles. */
export function startRole(
  shared: Readonly<Record<string, string>>,
  roles: string,
  env: Readonly<Record<string, string>> = {},
): Promise<LogwardProcess> {
  return startLogwardProcess({ env: { ...shared, LOGWARD_ROLES: roles, ...env } });
}
