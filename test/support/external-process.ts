import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/** A port nothing listens on right now (for tools whose config needs a fixed port). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
    server.on('error', reject);
  });
}

/** Resolves once something accepts TCP connections on the port. */
export async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface ExternalProcess {
  readonly child: ChildProcess;
  output(): string;
  /** Stops the process (SIGTERM, then SIGKILL) and waits for it. */
  stop(): Promise<void>;
}

/** Starts a real tool (rsyslogd, syslog-ng) in the foreground and keeps what it prints. */
export function startExternal(command: string, args: readonly string[], env: Readonly<Record<string, string>> = {}): ExternalProcess {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Runs `logger` (util-linux) to send one syslog message over TCP. */
export function sendWithLogger(port: number, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('logger', ['-n', '127.0.0.1', '-P', String(port), '-T', ...args], { stdio: 'ignore' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`logger exited with ${code}`))));
    child.on('error', reject);
  });
}
