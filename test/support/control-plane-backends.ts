import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openControlPlane, type ControlPlane } from '../../src/storage/control-plane/index.js';

/** PostgreSQL the suites run against; `.ci/run` creates this database. */
export const TEST_POSTGRES_URL = process.env.LOGWARD_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/logward_test';

export interface OpenedControlPlane {
  readonly controlPlane: ControlPlane;
  /** URL an app can be configured with to reach the same store. */
  readonly url: string;
  readonly postgresSchema: string | undefined;
  dispose(): Promise<void>;
}

export interface ControlPlaneBackend {
  readonly name: 'sqlite' | 'postgres';
  open(): Promise<OpenedControlPlane>;
}

export async function createPostgresSchema(): Promise<string> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  try {
    await client.connect();
  } catch (error) {
    // Never skip: a suite that expects PostgreSQL and cannot reach it must fail loudly.
    throw new Error(`PostgreSQL is expected at ${TEST_POSTGRES_URL} (set LOGWARD_TEST_PG_URL) but is unreachable: ${String(error)}`);
  }
  try {
    await client.query(`create schema ${schema}`);
  } finally {
    await client.end();
  }
  return schema;
}

export async function dropPostgresSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await client.end();
  }
}

export const sqliteBackend: ControlPlaneBackend = {
  name: 'sqlite',
  async open() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-cp-'));
    const url = `sqlite:${path.join(dir, 'control-plane.sqlite')}`;
    const controlPlane = await openControlPlane(url);
    return {
      controlPlane,
      url,
      postgresSchema: undefined,
      async dispose() {
        await controlPlane.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

export const postgresBackend: ControlPlaneBackend = {
  name: 'postgres',
  async open() {
    const schema = await createPostgresSchema();
    const controlPlane = await openControlPlane(TEST_POSTGRES_URL, { postgresSchema: schema });
    return {
      controlPlane,
      url: TEST_POSTGRES_URL,
      postgresSchema: schema,
      async dispose() {
        await controlPlane.close();
        await dropPostgresSchema(schema);
      },
    };
  },
};

/** Every control-plane backend; behaviour suites loop over this list. */
export const controlPlaneBackends: readonly ControlPlaneBackend[] = [sqliteBackend, postgresBackend];
