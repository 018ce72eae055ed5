#!/usr/bin/env node
// Builds the web UI (web/ → web/dist) with Vite. Run by `npm ci` (the `prepare` script) and by `npm start`
// (`--if-stale`: only when a source is newer than the last build), never by hand.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web');
const dist = path.join(root, 'dist');
const stamp = path.join(dist, 'index.html');
// The models the app shares with the server (decisions 0670, 0677) are sources of the build too.
const shared = ['../src/vis-model', '../src/trigger-model', '../src/shared/severity.ts'].map((dir) => path.resolve(root, dir));

function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

if (
  process.argv.includes('--if-stale') &&
  fs.existsSync(stamp) &&
  fs.statSync(stamp).mtimeMs >=
    Math.max(
      newestSource(root),
      ...shared.map((source) => (fs.statSync(source).isDirectory() ? newestSource(source) : fs.statSync(source).mtimeMs)),
    )
)
  process.exit(0);

const { build } = await import('vite');
const { default: react } = await import('@vitejs/plugin-react');
await build({
  root,
  base: '/app/',
  configFile: false,
  logLevel: process.env.CI === 'true' ? 'warn' : 'info',
  plugins: [react()],
  build: { outDir: dist, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 900, reportCompressedSize: true },
});
