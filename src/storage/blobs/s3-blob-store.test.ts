import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startTestS3Server } from '../../../test/support/s3-server.js';
import { blobStoreContract, CONTRACT_MAX_BLOB_BYTES } from '../conformance/blob-store.contract.js';
import { openBlobStore } from './open-blob-store.js';

for (const prefix of ['', 'tenant/blobs/']) {
  blobStoreContract(`S3 (s3rver, prefix '${prefix}')`, async () => {
    const server = await startTestS3Server();
    const store = await openBlobStore({
      kind: 's3',
      bucket: server.bucket,
      prefix,
      endpoint: server.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: server.credentials,
      maxBlobBytes: CONTRACT_MAX_BLOB_BYTES,
    });
    return { store, dispose: () => server.close() };
  });
}

describe('S3 blob store', () => {
  it('refuses to open on a bucket that does not exist', async () => {
    const server = await startTestS3Server();
    try {
      const options = {
        kind: 's3',
        prefix: '',
        endpoint: server.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: server.credentials,
        maxBlobBytes: 10,
      } as const;
      await assert.rejects(openBlobStore({ ...options, bucket: 'no-such-bucket' }));
    } finally {
      await server.close();
    }
  });

  it('keeps its keys under its prefix and lists only those', async () => {
    const server = await startTestS3Server();
    try {
      const base = {
        kind: 's3',
        bucket: server.bucket,
        endpoint: server.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: server.credentials,
        maxBlobBytes: 100,
      } as const;
      const one = await openBlobStore({ ...base, prefix: 'one/' });
      const two = await openBlobStore({ ...base, prefix: 'two/' });
      await one.put('a/b', new Uint8Array([1]));
      assert.deepEqual(await one.list(''), [{ key: 'a/b', sizeBytes: 1 }]);
      assert.deepEqual(await two.list(''), []);
      assert.equal(await two.get('a/b'), undefined);
      await one.close();
      await two.close();
    } finally {
      await server.close();
    }
  });
});
