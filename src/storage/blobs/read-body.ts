import type { BlobBody } from '../blob-store.js';
import { blobErrors } from './blob-errors.js';

/** The body's chunks, refusing (before storing anything) once more than `maxBytes` have come. */
export async function* limitedChunks(body: BlobBody, maxBytes: number): AsyncGenerator<Uint8Array> {
  if (body instanceof Uint8Array) {
    if (body.byteLength > maxBytes) throw blobErrors.tooLarge(maxBytes);
    yield body;
    return;
  }
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > maxBytes) throw blobErrors.tooLarge(maxBytes);
    yield chunk;
  }
}

/** The whole body in one buffer, at most `maxBytes` long. */
export async function readBody(body: BlobBody, maxBytes: number): Promise<Buffer> {
  if (body instanceof Uint8Array) {
    if (body.byteLength > maxBytes) throw blobErrors.tooLarge(maxBytes);
    return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  }
  const chunks: Uint8Array[] = [];
  for await (const chunk of limitedChunks(body, maxBytes)) chunks.push(chunk);
  return Buffer.concat(chunks);
}
