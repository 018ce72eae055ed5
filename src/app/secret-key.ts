import { createHash, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config/index.js';
import { keyValueRepository, type ControlPlaneDb } from '../storage/control-plane/index.js';

/**
 * The 32-byte key that seals stored notification secrets: derived from `LOGWARD_SECRET_KEY` when set
 * (every process of a cluster must share it), else a random key kept in `<data dir>/secret.key`.
 */
export function loadSecretKey(secretKey: string | undefined, dataDir: string): Buffer {
  if (secretKey !== undefined) return createHash('sha256').update(secretKey, 'utf8').digest();
  const file = path.join(dataDir, 'secret.key');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two processes starting together keep the first one's key.
    fs.writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
  return key;
}

const FINGERPRINT_KEY = 'secret_key_fingerprint';

/** Names the key without revealing it: an HMAC of a fixed label, so the stored value cannot be tried against keys offline faster than the key's own entropy allows. */
export function secretKeyFingerprint(key: Buffer): string {
  return `v1:${createHmac('sha256', key).update('logward secret-key fingerprint').digest('hex').slice(0, 32)}`;
}

/**
 * The first process to start records the fingerprint of its key in the control plane; every later one must hold
 * the same key, else it could not read the endpoint secrets the others sealed (issue 51: a cluster whose processes
 * each made their own key delivered 0 webhooks). Throws ConfigError naming LOGWARD_SECRET_KEY.
 */
export async function checkSecretKey(db: ControlPlaneDb, key: Buffer): Promise<void> {
  const mine = secretKeyFingerprint(key);
  const recorded = await keyValueRepository.putIfAbsent(db, FINGERPRINT_KEY, mine);
  if (recorded !== mine) {
    throw new ConfigError(
      `LOGWARD_SECRET_KEY differs from the key this control plane recorded (fingerprint ${recorded}, this process has ${mine}): ` +
        'every api and scheduler process must use the same LOGWARD_SECRET_KEY, or stored endpoint secrets cannot be read.',
    );
  }
}
