/**
 * BlobStore on the local file system, under `<data dir>/blobs` by default. A blob `a/b/c.png` is the file
 * `a/b/c.png~`: the `~` (never part of a key) keeps blob files apart from the directories of longer keys, so `a`
 * and `a/b` can both exist, as on S3. Writes go to `.partial/` and are renamed into place once synced.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { BlobBody, BlobInfo, BlobStore } from '../blob-store.js';
import { checkBlobKey, checkBlobPrefix } from './blob-key.js';
import { limitedChunks } from './read-body.js';

export interface FileBlobStoreOptions {
  readonly root: string;
  readonly maxBlobBytes: number;
}

const BLOB_SUFFIX = '~';
const PARTIAL_DIR = '.partial';

const isCode = (error: unknown, ...codes: string[]): boolean =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' && codes.includes(error.code);

export async function createFileBlobStore(options: FileBlobStoreOptions): Promise<BlobStore> {
  const root = path.resolve(options.root);
  const partialDir = path.join(root, PARTIAL_DIR);
  await fs.mkdir(partialDir, { recursive: true });
  // Leftovers of writes a crash interrupted: never visible as blobs, so safe to drop.
  for (const name of await fs.readdir(partialDir)) await fs.rm(path.join(partialDir, name), { force: true });

  /** The blob's file; the key was checked, and the resolved path is checked again to stay under the root. */
  const fileOf = (key: string): string => {
    const segments = checkBlobKey(key);
    const file = path.resolve(root, ...segments.slice(0, -1), `${segments[segments.length - 1] ?? ''}${BLOB_SUFFIX}`);
    const relative = path.relative(root, file);
    if (relative.startsWith('..') || path.isAbsolute(relative)) throw new Error(`blob key ${key} resolves outside the store`);
    return file;
  };

  const writePartial = async (body: BlobBody): Promise<{ file: string; size: number }> => {
    const file = path.join(partialDir, randomUUID());
    const handle = await fs.open(file, 'wx');
    let size = 0;
    try {
      for await (const chunk of limitedChunks(body, options.maxBlobBytes)) {
        await handle.write(chunk);
        size += chunk.byteLength;
      }
      await handle.sync();
    } catch (error) {
      await handle.close();
      await fs.rm(file, { force: true });
      throw error;
    }
    await handle.close();
    return { file, size };
  };

  /** Removes directories left empty by a delete, up to the root; a concurrent put recreates what it needs. */
  const pruneEmptyParents = async (file: string): Promise<void> => {
    for (let dir = path.dirname(file); dir !== root && dir.startsWith(root); dir = path.dirname(dir)) {
      try {
        await fs.rmdir(dir);
      } catch {
        return;
      }
    }
  };

  const walk = async (dir: string, keyPrefix: string, into: BlobInfo[]): Promise<void> => {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isCode(error, 'ENOENT', 'ENOTDIR')) return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name === PARTIAL_DIR) continue;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), `${keyPrefix}${entry.name}/`, into);
      else if (entry.isFile() && entry.name.endsWith(BLOB_SUFFIX)) {
        const stat = await fs.stat(path.join(dir, entry.name)).catch(() => undefined);
        if (stat !== undefined) into.push({ key: `${keyPrefix}${entry.name.slice(0, -BLOB_SUFFIX.length)}`, sizeBytes: stat.size });
      }
    }
  };

  return {
    maxBlobBytes: options.maxBlobBytes,

    async put(key, body) {
      const target = fileOf(key);
      const partial = await writePartial(body);
      try {
        // Twice at most: a delete may prune the directory between mkdir and rename.
        for (let attempt = 0; ; attempt += 1) {
          await fs.mkdir(path.dirname(target), { recursive: true });
          try {
            await fs.rename(partial.file, target);
            break;
          } catch (error) {
            if (attempt > 0 || !isCode(error, 'ENOENT')) throw error;
          }
        }
      } catch (error) {
        await fs.rm(partial.file, { force: true });
        throw error;
      }
      return { key, sizeBytes: partial.size };
    },

    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if (isCode(error, 'ENOENT')) return undefined;
        throw error;
      }
    },

    async open(key): Promise<Readable | undefined> {
      try {
        const handle = await fs.open(fileOf(key), 'r');
        return handle.createReadStream();
      } catch (error) {
        if (isCode(error, 'ENOENT')) return undefined;
        throw error;
      }
    },

    async delete(key) {
      const file = fileOf(key);
      try {
        await fs.unlink(file);
      } catch (error) {
        if (isCode(error, 'ENOENT')) return;
        throw error;
      }
      await pruneEmptyParents(file);
    },

    async list(prefix) {
      checkBlobPrefix(prefix);
      const slash = prefix.lastIndexOf('/');
      const dirKey = slash < 0 ? '' : prefix.slice(0, slash + 1);
      const found: BlobInfo[] = [];
      await walk(path.join(root, ...dirKey.split('/').filter((part) => part !== '')), dirKey, found);
      return found.filter((blob) => blob.key.startsWith(prefix)).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },

    async ping() {
      await fs.access(root);
    },

    async close() {},
  };
}
