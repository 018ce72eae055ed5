import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { collectMigrations, migrationAreas, type MigrationArea } from './migration-areas.js';
import type { ControlPlaneDb, ControlPlaneTables } from './tables.js';

export type ControlPlaneDialect = 'sqlite' | 'postgres';

export interface ControlPlane {
  readonly db: ControlPlaneDb;
  readonly dialect: ControlPlaneDialect;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenControlPlaneOptions {
  /** PostgreSQL only: keep every table in this schema (tests isolate themselves this way). */
  readonly postgresSchema?: string;
  readonly migrate?: boolean;
}

// pg returns int8 as strings; our ids fit int32 and times fit 2^53, so numbers are safe and uniform
// with SQLite.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value: string) => Number(value));

function openSqlite(file: string): Kysely<ControlPlaneTables> {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new Database(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  return new Kysely<ControlPlaneTables>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
}

const MAX_CACHED_STATEMENTS = 500;

/**
 * Kysely prepares every query anew; preparing costs more than running the small queries of a request (token,
 * account lookups). Statements are kept by their SQL text, which Kysely renders with placeholders.
 */
function withStatementCache(database: Database.Database): SqliteDatabase {
  const statements = new Map<string, Database.Statement>();
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare: (text: string) => {
      let statement = statements.get(text);
      if (statement === undefined) {
        statement = database.prepare(text);
        if (statements.size >= MAX_CACHED_STATEMENTS) statements.clear();
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

function openPostgres(url: string, schema: string | undefined): Kysely<ControlPlaneTables> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
  });
  return new Kysely<ControlPlaneTables>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * `schema` must be given for a PostgreSQL store kept in its own schema: without it Kysely looks for its
 * migration tables in every schema, finds another store's, and skips creating its own.
 * Unordered migrations are allowed because areas number independently (decision 0320): a database that ran an
 * alerts migration 0901 still runs an accounts migration 0201 that lands after it.
 */
export async function migrateToLatest(
  db: Kysely<unknown>,
  schema?: string,
  areas: readonly MigrationArea[] = migrationAreas,
): Promise<void> {
  const migrations = collectMigrations(areas);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...migrations }) },
    allowUnorderedMigrations: true,
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
  });
  for (let attempt = 1; ; attempt += 1) {
    const { error } = await migrator.migrateToLatest();
    if (error === undefined) return;
    // Kysely's introspection reads the tables of every schema; another store of the same database dropping its
    // schema meanwhile fails it with 3F000 naming that schema, or with 42P01 naming one of its tables (the
    // introspection looks each column's sequence up by the table's name after reading the catalog). Nothing of
    // ours was touched: try again.
    if (attempt < 5 && droppedMeanwhile(error, schema)) continue;
    throw error instanceof Error ? error : new Error(String(error));
  }
}

/** PostgreSQL's "schema does not exist" and "relation does not exist". */
const DROPPED_CODES: ReadonlySet<unknown> = new Set(['3F000', '42P01']);

/**
 * A "schema (or relation) does not exist" failure about another schema than ours: PostgreSQL names a schema
 * `"s"` and a relation of it `"s.table"`.
 */
export function droppedMeanwhile(error: unknown, schema: string | undefined): boolean {
  if (error === null || typeof error !== 'object' || !DROPPED_CODES.has((error as { code?: unknown }).code)) return false;
  if (schema === undefined) return true;
  const message = String((error as { message?: unknown }).message);
  return !message.includes(`"${schema}"`) && !message.includes(`"${schema}.`);
}

/** Opens the control plane named by a `sqlite:<path>` or `postgres://` URL and brings it to the latest schema. */
export async function openControlPlane(url: string, options: OpenControlPlaneOptions = {}): Promise<ControlPlane> {
  const dialect: ControlPlaneDialect = url.startsWith('sqlite:') ? 'sqlite' : 'postgres';
  const db = dialect === 'sqlite' ? openSqlite(url.slice('sqlite:'.length)) : openPostgres(url, options.postgresSchema);
  try {
    if (options.migrate !== false)
      await migrateToLatest(db as unknown as Kysely<unknown>, dialect === 'postgres' ? options.postgresSchema : undefined);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    db,
    dialect,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    // Idempotent: the app and a test harness may both close the same store.
    close: () => (closing ??= db.destroy()),
  };
}
