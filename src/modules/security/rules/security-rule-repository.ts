import type { Selectable } from 'kysely';
import { watermarkRepository } from '../../../detection/index.js';
import type { ControlPlaneDb, SecurityRulesTable } from '../../../storage/control-plane/index.js';
import { SECURITY_KIND, type SecurityRule, type SecurityRuleDefinition, type SigmaOrigin } from './security-rule.js';

type Row = Selectable<SecurityRulesTable>;

function fromRow(row: Row): SecurityRule {
  const definition = JSON.parse(row.definition) as SecurityRuleDefinition;
  return {
    id: row.id,
    accountId: row.account_id,
    // The enabled column is the truth: enable/disable change it without rewriting the definition.
    definition: { ...definition, enabled: row.enabled === 1 },
    protected: row.protected === 1,
    origin: row.origin === null ? null : (JSON.parse(row.origin) as SigmaOrigin),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    createdBy: row.created_by,
    updatedBy: row.updated_by,
  };
}

function toRow(rule: SecurityRule): Row {
  return {
    id: rule.id,
    account_id: rule.accountId,
    title: rule.definition.title,
    enabled: rule.definition.enabled ? 1 : 0,
    protected: rule.protected ? 1 : 0,
    definition: JSON.stringify(rule.definition),
    origin: rule.origin === null ? null : JSON.stringify(rule.origin),
    created_at: rule.createdAt,
    updated_at: rule.updatedAt,
    created_by: rule.createdBy,
    updated_by: rule.updatedBy,
  };
}

export const securityRuleRepository = {
  async insert(db: ControlPlaneDb, rules: readonly SecurityRule[]): Promise<void> {
    // Chunks keep a pack install under the SQLite variable limit.
    for (let i = 0; i < rules.length; i += 50) {
      await db
        .insertInto('security_rules')
        .values(rules.slice(i, i + 50).map(toRow))
        .execute();
    }
  },

  async update(db: ControlPlaneDb, rule: SecurityRule): Promise<void> {
    const { id, account_id, created_at: _c, created_by: _b, ...rest } = toRow(rule);
    await db.updateTable('security_rules').set(rest).where('id', '=', id).where('account_id', '=', account_id).execute();
  },

  async setEnabled(
    db: ControlPlaneDb,
    accountId: number,
    ids: readonly number[],
    enabled: boolean,
    now: number,
    by: string,
  ): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await db
      .updateTable('security_rules')
      .set({ enabled: enabled ? 1 : 0, updated_at: now, updated_by: by })
      .where('id', 'in', [...ids])
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  /** An enabled rule starts from the newest window instead of replaying the time it was off. */
  async resetWatermark(db: ControlPlaneDb, id: number): Promise<void> {
    await watermarkRepository.reset(db, SECURITY_KIND, id);
  },

  async delete(db: ControlPlaneDb, accountId: number, id: number): Promise<boolean> {
    const result = await db.deleteFrom('security_rules').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  },

  async get(db: ControlPlaneDb, accountId: number, id: number): Promise<SecurityRule | undefined> {
    const row = await db
      .selectFrom('security_rules')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row === undefined ? undefined : fromRow(row);
  },

  async getById(db: ControlPlaneDb, id: number): Promise<SecurityRule | undefined> {
    const row = await db.selectFrom('security_rules').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : fromRow(row);
  },

  async list(db: ControlPlaneDb, accountId: number): Promise<SecurityRule[]> {
    const rows = await db
      .selectFrom('security_rules')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(fromRow);
  },

  /** Keeps the rule as it was until `validUntil` (before a replace or a delete). */
  async recordVersion(db: ControlPlaneDb, rule: SecurityRule, validUntil: number): Promise<void> {
    await db
      .insertInto('security_rule_versions')
      .values({
        rule_id: rule.id,
        account_id: rule.accountId,
        valid_until: validUntil,
        definition: JSON.stringify(rule.definition),
        origin: rule.origin === null ? null : JSON.stringify(rule.origin),
      })
      .onConflict((oc) => oc.columns(['rule_id', 'valid_until']).doNothing())
      .execute();
  },

  /** The rule as it was at `atMs`: the first version replaced after it, else the rule as it is now. */
  async asOf(db: ControlPlaneDb, accountId: number, id: number, atMs: number): Promise<SecurityRule | undefined> {
    const current = await this.get(db, accountId, id);
    const version = await db
      .selectFrom('security_rule_versions')
      .selectAll()
      .where('rule_id', '=', id)
      .where('account_id', '=', accountId)
      .where('valid_until', '>=', atMs)
      .orderBy('valid_until')
      .limit(1)
      .executeTakeFirst();
    if (version === undefined) return current;
    const definition = JSON.parse(version.definition) as SecurityRuleDefinition;
    const origin = version.origin === null ? null : (JSON.parse(version.origin) as SigmaOrigin);
    const base: SecurityRule = current ?? {
      id,
      accountId,
      definition,
      protected: false,
      origin,
      createdAt: 0,
      updatedAt: 0,
      createdBy: '',
      updatedBy: '',
    };
    return { ...base, definition, origin };
  },

  /** Every security rule of every account (what uses a lookup list; deletes of lists are rare). */
  async listAll(db: ControlPlaneDb): Promise<SecurityRule[]> {
    const rows = await db.selectFrom('security_rules').selectAll().orderBy('id').execute();
    return rows.map(fromRow);
  },

  async listEnabled(db: ControlPlaneDb): Promise<SecurityRule[]> {
    const rows = await db.selectFrom('security_rules').selectAll().where('enabled', '=', 1).orderBy('id').execute();
    return rows.map(fromRow);
  },
};
