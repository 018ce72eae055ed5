import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { blobStoreContract, CONTRACT_MAX_BLOB_BYTES } from '../conformance/blob-store.contract.js';
import { createFileBlobStore } from './file-blob-store.js';
import { openBlobStore } from './open-blob-store.js';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'logward-blobs-'));

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

blobStoreContract('files', async () => {
  const dir = tempDir();
  const store = await openBlobStore({ kind: 'files', root: path.join(dir, 'blobs'), maxBlobBytes: CONTRACT_MAX_BLOB_BYTES });
  return { store, dispose: async () => fs.rmSync(dir, { recursive: true, force: true }) };
});

describe('file blob store', () => {
  it('writes only under its root, and nothing for refused keys or bodies', async () => {
    const dir = tempDir();
    const root = path.join(dir, 'data', 'blobs');
    try {
      const store = await createFileBlobStore({ root, maxBlobBytes: 10 });
      await store.put('snapshots/1/image.png', new Uint8Array([1, 2, 3]));
      for (const key of ['../escape', 'a/../../escape', '/etc/passwd']) await assert.rejects(store.put(key, new Uint8Array([1])));
      await assert.rejects(store.put('too/big', new Uint8Array(11)));
      assert.deepEqual(filesUnder(dir), [path.join('data', 'blobs', 'snapshots', '1', 'image.png~')]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('drops writes a crash interrupted and never lists them', async () => {
    const dir = tempDir();
    try {
      fs.mkdirSync(path.join(dir, '.partial'), { recursive: true });
      fs.writeFileSync(path.join(dir, '.partial', 'interrupted'), 'half');
      const store = await createFileBlobStore({ root: dir, maxBlobBytes: 10 });
      assert.deepEqual(await store.list(''), []);
      assert.deepEqual(fs.readdirSync(path.join(dir, '.partial')), []);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('removes directories a delete leaves empty, keeping the root', async () => {
    const dir = tempDir();
    try {
      const store = await createFileBlobStore({ root: dir, maxBlobBytes: 10 });
      await store.put('exports/7/run/out.ndjson', new Uint8Array([1]));
      await store.delete('exports/7/run/out.ndjson');
      assert.deepEqual(fs.readdirSync(dir).sort(), ['.partial']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
