import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { isAppError } from '../../shared/app-error.js';
import { ingestErrors } from '../ingest-errors.js';

/** Logz.io's body limit, applied to the body as sent and again after decompression. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);

const tooLarge = () => ingestErrors.bodyTooLarge(MAX_BODY_BYTES);

/** The request body as bytes, decompressed when `Content-Encoding` says gzip or deflate. */
export async function readBody(request: FastifyRequest): Promise<Buffer> {
  const body = request.body;
  const raw = Buffer.isBuffer(body) ? body : typeof body === 'string' ? Buffer.from(body) : Buffer.alloc(0);
  const encoding = String(request.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  if (raw.length === 0 || encoding === '' || encoding === 'identity') return raw;
  if (encoding !== 'gzip' && encoding !== 'x-gzip' && encoding !== 'deflate') {
    throw ingestErrors.unsupportedEncoding(encoding);
  }
  try {
    const options = { maxOutputLength: MAX_BODY_BYTES + 1 };
    const decoded = encoding === 'deflate' ? await inflate(raw, options) : await gunzip(raw, options);
    if (decoded.length > MAX_BODY_BYTES) throw tooLarge();
    return decoded;
  } catch (error) {
    if (isAppError(error)) throw error;
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
    throw ingestErrors.badlyEncodedBody(encoding);
  }
}
