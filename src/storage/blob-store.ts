/**
 * The BlobStore port: opaque bytes by key, for snapshot images and exports. Two adapters (src/storage/blobs/):
 * files under the data dir (embedded default) and any S3-compatible store (scale-out). Both pass the behaviour
 * suite in src/storage/conformance/blob-store.contract.ts (decision 0323).
 */
import type { Readable } from 'node:stream';

/** Bytes at hand, or a stream of them (read once, up to the store's size limit). */
export type BlobBody = Uint8Array | AsyncIterable<Uint8Array>;

export interface BlobInfo {
  readonly key: string;
  readonly sizeBytes: number;
}

export interface BlobStore {
  /** Largest blob `put` accepts, in bytes; a larger one is refused with payload_too_large and nothing is stored. */
  readonly maxBlobBytes: number;
  /**
   * Stores the bytes under the key, replacing what was there. All or nothing: a reader sees the old blob or the
   * whole new one. Keys are `/`-separated segments of letters, digits, `.`, `_` and `-` (see blob-key.ts).
   */
  put(key: string, body: BlobBody): Promise<BlobInfo>;
  /** The whole blob, or undefined when there is none. */
  get(key: string): Promise<Uint8Array | undefined>;
  /** The blob as a stream, or undefined when there is none (for exports sent as they are read). */
  open(key: string): Promise<Readable | undefined>;
  /** Removes the blob; resolves whether or not it existed. */
  delete(key: string): Promise<void>;
  /** Blobs whose key starts with `prefix` (plain string prefix, as S3 lists), in key order. */
  list(prefix: string): Promise<readonly BlobInfo[]>;
  /** Resolves when the store answers. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
