import type { BlobStore } from '../blob-store.js';
import { createFileBlobStore, type FileBlobStoreOptions } from './file-blob-store.js';
import { createS3BlobStore, type S3BlobStoreOptions } from './s3-blob-store.js';

/** What the configuration names (config's BlobStoreConfig has this shape). */
export type BlobStoreChoice = ({ readonly kind: 'files' } & FileBlobStoreOptions) | ({ readonly kind: 's3' } & S3BlobStoreOptions);

/** Opens the configured blob store; the files store creates its directory, the S3 store checks its bucket. */
export async function openBlobStore(choice: BlobStoreChoice): Promise<BlobStore> {
  if (choice.kind === 'files') return createFileBlobStore(choice);
  const store = createS3BlobStore(choice);
  await store.ping();
  return store;
}
