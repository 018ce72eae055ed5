import fs from 'node:fs';
import path from 'node:path';

export interface WebUiFile {
  readonly body: Buffer;
  readonly contentType: string;
  /** Built assets carry a content hash in their name, so browsers may keep them for ever. */
  readonly immutable: boolean;
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** The built single-page app (web/dist), read once at start: a few hundred KB served from memory. */
export function loadWebUiFiles(distDir: string): ReadonlyMap<string, WebUiFile> {
  const files = new Map<string, WebUiFile>();
  if (!fs.existsSync(distDir)) return files;
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const relative = path.relative(distDir, full).split(path.sep).join('/');
        files.set(relative, {
          body: fs.readFileSync(full),
          contentType: TYPES[path.extname(entry.name)] ?? 'application/octet-stream',
          immutable: relative.startsWith('assets/'),
        });
      }
    }
  };
  walk(distDir);
  return files;
}

/** Where `npm ci` / `npm start` build the app (scripts/build-web.mjs). */
export const DEFAULT_WEB_DIST_DIR = new URL('../../../web/dist', import.meta.url).pathname;
