/**
 * The ClickHouse HTTP interface, minimal, over chDB: lets the HTTP transport (stock @clickhouse/client
 * with a URL) run against the same real engine in tests, since chDB opens no port (chdb-notes §6).
 * It serves what the client sends: `/ping`, SQL in the body, INSERT … FORMAT in `query` with the data
 * in the body, and ClickHouse settings as URL parameters. Requests run at once on a few chDB Sessions, as a
 * server runs them (a KILL QUERY reaches a running statement). Not a server: no auth, sessions or compression.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Session, type RawInsertFormat } from 'chdb';

export interface ClickHouseHttpOverChdb {
  readonly url: string;
  close(): Promise<void>;
}

const NOT_SETTINGS = new Set(['query', 'query_id', 'database', 'session_id', 'default_format', 'user', 'password']);
const INSERT = /^\s*INSERT\s+INTO\s+([\w.`]+)\s*(?:\(([^)]*)\))?\s*FORMAT\s+(\w+)\s*$/i;
const TRAILING_FORMAT = /\s+FORMAT\s+(\w+)\s*;?\s*$/i;

function settingValue(value: string): string {
  return /^-?\d+(\.\d+)?$/.test(value) ? value : `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

async function readBody(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Requests served at once (a server has many more; the transports open a few connections). */
const SESSIONS = 6;
/** ClickHouse's code of a statement stopped by KILL QUERY. */
const QUERY_WAS_CANCELLED = 394;

export async function startClickHouseHttpOverChdb(dataPath: string): Promise<ClickHouseHttpOverChdb> {
  const sessions = Array.from({ length: SESSIONS }, () => new Session(dataPath));
  const idle = [...sessions];
  const waiting: ((session: Session) => void)[] = [];
  const onSession = async <T>(task: (session: Session) => Promise<T>): Promise<T> => {
    const session = idle.pop() ?? (await new Promise<Session>((resolve) => waiting.push(resolve)));
    try {
      return await task(session);
    } finally {
      const next = waiting.shift();
      if (next === undefined) idle.push(session);
      else next(session);
    }
  };
  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname === '/ping') {
        response.end('Ok.\n');
        return;
      }
      const body = await readBody(request);
      const settings: Record<string, string> = {};
      for (const [name, value] of url.searchParams) if (!NOT_SETTINGS.has(name) && !name.startsWith('param_')) settings[name] = value;
      const query = url.searchParams.get('query') ?? '';
      try {
        const insert = INSERT.exec(query);
        if (insert !== null && body.length > 0) {
          await onSession((session) =>
            session.insert({
              table: (insert[1] ?? '').replace(/`/g, ''),
              columns: insert[2]?.split(',').map((column) => column.trim().replace(/`/g, '')),
              values: body,
              format: (insert[3] ?? 'JSONEachRow') as RawInsertFormat,
              settings,
            }),
          );
          response.end();
          return;
        }
        let sql = query === '' ? body.toString('utf8') : `${query}\n${body.toString('utf8')}`;
        const format = TRAILING_FORMAT.exec(sql);
        if (format !== null) sql = sql.slice(0, format.index);
        const entries = Object.entries(settings);
        if (entries.length > 0) sql += ` SETTINGS ${entries.map(([name, value]) => `${name} = ${settingValue(value)}`).join(', ')}`;
        const result = await onSession(async (session) => {
          try {
            return await session.queryAsync(sql, { format: format?.[1] ?? 'TabSeparated' });
          } catch (error) {
            // A killed statement stays in system.processes until its chDB Session runs another (decision 0653); a
            // server drops it at once, so the front does too before the Session serves anyone else.
            if ((error as { clickhouseCode?: number }).clickhouseCode === QUERY_WAS_CANCELLED)
              await session.queryAsync('SELECT 1').catch(() => undefined);
            throw error;
          }
        });
        response.setHeader('X-ClickHouse-Format', format?.[1] ?? 'TabSeparated');
        response.end(Buffer.from(result.bytes()));
      } catch (error) {
        const code = (error as { clickhouseCode?: number }).clickhouseCode ?? 1000;
        const message = error instanceof Error ? error.message : String(error);
        response.statusCode = 500;
        response.setHeader('X-ClickHouse-Exception-Code', String(code));
        response.end(message.startsWith('Code:') ? message : `Code: ${code}. DB::Exception: ${message}`);
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const session of sessions) session.close();
    },
  };
}
