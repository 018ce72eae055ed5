import { hash, randomBytes, randomInt } from 'node:crypto';

/** Logz.io ids are positive int32 values; ours are random so they reveal nothing about volume. */
export function newInt32Id(): number {
  return randomInt(100_000, 2_147_483_647);
}

export function isInt32(value: number): boolean {
  return Number.isInteger(value) && value >= -2_147_483_648 && value <= 2_147_483_647;
}

const TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A random secret of `length` alphanumerics (log shipping tokens look like this at Logz.io). */
export function newAlphanumericToken(length = 32): string {
  const bytes = randomBytes(length);
  let token = '';
  for (const byte of bytes) token += TOKEN_ALPHABET[byte % TOKEN_ALPHABET.length];
  return token;
}

/**
 * Tokens are 122+ bits of randomness, so a plain SHA-256 is enough to store them: there is nothing
 * to brute-force that a slow hash would protect (see docs/decisions/0004-token-storage.md).
 */
export function hashToken(token: string): string {
  // The one-shot form: no Hash object per request.
  return hash('sha256', token, 'hex');
}
