/**
 * The behaviour suite of the BlobStore port: the files adapter and the S3 adapter (against a real S3-compatible
 * server) both run it. The factory opens an empty store whose limit is CONTRACT_MAX_BLOB_BYTES.
 */
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { isAppError } from '../../shared/app-error.js';
import type { BlobStore } from '../blob-store.js';

export const CONTRACT_MAX_BLOB_BYTES = 200_000;

export interface BlobStoreUnderTest {
  readonly store: BlobStore;
  dispose(): Promise<void>;
}

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const text = (value: Uint8Array | undefined): string | undefined => (value === undefined ? undefined : new TextDecoder().decode(value));

async function* chunked(data: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let start = 0; start < data.byteLength; start += size) yield data.subarray(start, start + size);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const isCode = (code: string, wireCode: string) => (error: unknown) =>
  isAppError(error) && error.code === code && error.wireCode === wireCode;

export function blobStoreContract(name: string, open: () => Promise<BlobStoreUnderTest>): void {
  describe(`BlobStore contract: ${name}`, () => {
    let subject: BlobStoreUnderTest;
    let store: BlobStore;
    before(async () => {
      subject = await open();
      store = subject.store;
    });
    after(async () => {
      await store.close();
      await subject.dispose();
    });

    it('answers a ping and reports its limit', async () => {
      await store.ping();
      assert.equal(store.maxBlobBytes, CONTRACT_MAX_BLOB_BYTES);
    });

    it('stores bytes and reads them back as a buffer and as a stream', async () => {
      const every = Uint8Array.from({ length: 256 }, (_, index) => index);
      assert.deepEqual(await store.put('rt/binary.bin', every), { key: 'rt/binary.bin', sizeBytes: 256 });
      assert.deepEqual(Buffer.from((await store.get('rt/binary.bin')) ?? []), Buffer.from(every));
      const stream = await store.open('rt/binary.bin');
      assert.ok(stream);
      assert.deepEqual(await readAll(stream), Buffer.from(every));
    });

    it('stores a stream of chunks', async () => {
      const data = Uint8Array.from({ length: 150_000 }, (_, index) => (index * 7) % 251);
      assert.deepEqual(await store.put('rt/streamed', chunked(data, 16_384)), { key: 'rt/streamed', sizeBytes: data.byteLength });
      assert.deepEqual(Buffer.from((await store.get('rt/streamed')) ?? []), Buffer.from(data));
      await store.put('rt/readable', Readable.from([Buffer.from('node '), Buffer.from('stream')]));
      assert.equal(text(await store.get('rt/readable')), 'node stream');
    });

    it('stores an empty blob', async () => {
      assert.deepEqual(await store.put('rt/empty', new Uint8Array()), { key: 'rt/empty', sizeBytes: 0 });
      assert.equal((await store.get('rt/empty'))?.byteLength, 0);
    });

    it('replaces a blob as a whole', async () => {
      await store.put('replace/me', bytes('first version, longer'));
      await store.put('replace/me', bytes('second'));
      assert.equal(text(await store.get('replace/me')), 'second');
    });

    it('answers undefined for a missing blob, and deletes idempotently', async () => {
      assert.equal(await store.get('missing/blob'), undefined);
      assert.equal(await store.open('missing/blob'), undefined);
      await store.put('gone/soon', bytes('x'));
      await store.delete('gone/soon');
      assert.equal(await store.get('gone/soon'), undefined);
      await store.delete('gone/soon');
      await store.delete('never/was');
    });

    it('keeps a key and longer keys under it apart', async () => {
      await store.put('nest/a', bytes('a'));
      await store.put('nest/a/b', bytes('ab'));
      assert.equal(text(await store.get('nest/a')), 'a');
      assert.equal(text(await store.get('nest/a/b')), 'ab');
      await store.delete('nest/a');
      assert.equal(text(await store.get('nest/a/b')), 'ab');
    });

    it('lists by plain string prefix, in key order, with sizes', async () => {
      for (const key of ['ls/2/x', 'ls/10/c', 'ls/1/b', 'ls/1/a', 'ls-other/e']) await store.put(key, bytes(key));
      const keys = async (prefix: string) => (await store.list(prefix)).map((blob) => blob.key);
      assert.deepEqual(await keys('ls/1'), ['ls/1/a', 'ls/1/b', 'ls/10/c']);
      assert.deepEqual(await keys('ls/1/'), ['ls/1/a', 'ls/1/b']);
      assert.deepEqual(await keys('ls'), ['ls-other/e', 'ls/1/a', 'ls/1/b', 'ls/10/c', 'ls/2/x']);
      assert.deepEqual(await keys('ls/3'), []);
      assert.deepEqual(await store.list('ls/2/'), [{ key: 'ls/2/x', sizeBytes: 6 }]);
      const all = await keys('');
      assert.deepEqual(all, [...all].sort());
      assert.ok(all.includes('rt/binary.bin'));
    });

    it('keeps Hive-style partition keys (dt=…/hour=…) as they are', async () => {
      await store.put('hive/dt=2026-12-07/hour=05/part-1.json.gz', bytes('hive'));
      assert.deepEqual(await store.list('hive/dt=2026-12-07/'), [{ key: 'hive/dt=2026-12-07/hour=05/part-1.json.gz', sizeBytes: 4 }]);
      assert.equal(new TextDecoder().decode(await store.get('hive/dt=2026-12-07/hour=05/part-1.json.gz')), 'hive');
    });

    it('refuses keys that could leave the store or differ between stores', async () => {
      const bad = ['', '=x', '../x', 'a/../b', 'a/./b', '/a', 'a/', 'a//b', '.hidden', 'a\\b', 'a b', 'é', 'a~', 'a?b', 'x'.repeat(129)];
      for (const key of bad) {
        await assert.rejects(store.put(key, bytes('x')), isCode('invalid_argument', 'blobs/INVALID_KEY'), key);
        if (key !== '') await assert.rejects(store.get(key), isCode('invalid_argument', 'blobs/INVALID_KEY'), key);
      }
      await assert.rejects(store.list('../'), isCode('invalid_argument', 'blobs/INVALID_KEY'));
      assert.ok((await store.list('')).every((blob) => !blob.key.includes('..')));
    });

    it('refuses a blob over the limit, buffered or streamed, and keeps the previous one', async () => {
      await store.put('limit/kept', bytes('old'));
      const over = new Uint8Array(CONTRACT_MAX_BLOB_BYTES + 1);
      await assert.rejects(store.put('limit/kept', over), isCode('payload_too_large', 'blobs/TOO_LARGE'));
      await assert.rejects(store.put('limit/kept', chunked(over, 10_000)), isCode('payload_too_large', 'blobs/TOO_LARGE'));
      await assert.rejects(store.put('limit/new', chunked(over, 10_000)), isCode('payload_too_large', 'blobs/TOO_LARGE'));
      assert.equal(text(await store.get('limit/kept')), 'old');
      assert.equal(await store.get('limit/new'), undefined);
      const exact = await store.put('limit/exact', new Uint8Array(CONTRACT_MAX_BLOB_BYTES));
      assert.equal(exact.sizeBytes, CONTRACT_MAX_BLOB_BYTES);
    });

    it('lets concurrent writers of one key leave one whole blob', async () => {
      const bodies = ['a', 'b', 'c', 'd'].map((letter) => bytes(letter.repeat(50_000)));
      await Promise.all(bodies.map((body) => store.put('race/key', chunked(body, 4_096))));
      const stored = text(await store.get('race/key'));
      assert.ok(stored !== undefined && /^(a+|b+|c+|d+)$/.test(stored) && stored.length === 50_000);
    });
  });
}
