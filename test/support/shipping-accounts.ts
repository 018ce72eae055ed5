import { randomInt } from 'node:crypto';
import type { ControlPlaneDb } from '../../src/storage/control-plane/index.js';

export interface ShippingAccount {
  readonly accountId: number;
  readonly token: string;
}

/** Adds a sub account with its own shipping token straight into the control plane (for ingest tests). */
export async function addShippingAccount(
  db: ControlPlaneDb,
  options: {
    readonly name: string;
    readonly maxDailyGB?: number;
    readonly docSizeSetting?: boolean;
    readonly retentionDays?: number;
    readonly ownerAccountId?: number;
  },
): Promise<ShippingAccount> {
  const accountId = randomInt(100_000, 2_000_000_000);
  const token = `tok${options.name.replace(/[^A-Za-z0-9]/g, '')}${randomInt(1_000_000, 9_999_999)}`;
  await db
    .insertInto('accounts')
    .values({
      id: accountId,
      name: options.name,
      region: 'us',
      owner_account_id: options.ownerAccountId ?? null,
      account_type: options.ownerAccountId === undefined ? 'OWNER_ACCOUNT' : 'SUB_ACCOUNT',
      email: null,
      retention_days: options.retentionDays ?? 7,
      max_daily_gb: options.maxDailyGB ?? 10,
      reserved_daily_gb: null,
      is_flexible: 0,
      searchable: 1,
      accessible: 1,
      doc_size_setting: options.docSizeSetting === true ? 1 : 0,
      active: 1,
      settings: '{}',
      created_at: 0,
      updated_at: 0,
      last_updater_user_id: null,
    })
    .execute();
  await db
    .insertInto('shipping_tokens')
    .values({
      id: randomInt(100_000, 2_000_000_000),
      account_id: accountId,
      name: 'test',
      token,
      enabled: 1,
      created_at: 0,
      updated_at: 0,
      created_by: null,
      updated_by: null,
    })
    .execute();
  return { accountId, token };
}
