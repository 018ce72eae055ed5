import { AppError } from '../../shared/app-error.js';

/** The errors of the blob stores; wire codes are stable, messages are for people. */
export const blobErrors = {
  invalidKey: (key: string, why: string): AppError =>
    new AppError('invalid_argument', `Invalid blob key: ${why}`, { wireCode: 'blobs/INVALID_KEY', parameters: { key } }),
  tooLarge: (maxBlobBytes: number): AppError =>
    new AppError('payload_too_large', `The blob is larger than ${maxBlobBytes} bytes`, {
      wireCode: 'blobs/TOO_LARGE',
      parameters: { maxBlobBytes },
    }),
};
