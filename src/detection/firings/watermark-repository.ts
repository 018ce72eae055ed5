import type { ControlPlaneDb } from '../../storage/control-plane/index.js';

/** How far each rule has been judged: the end of its last judged window. */
export const watermarkRepository = {
  async list(db: ControlPlaneDb, kind: string, ruleIds: readonly number[]): Promise<Map<number, number>> {
    if (ruleIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('detection_watermarks')
      .select(['rule_id', 'evaluated_until'])
      .where('kind', '=', kind)
      .where('rule_id', 'in', [...ruleIds])
      .execute();
    return new Map(rows.map((row) => [row.rule_id, row.evaluated_until]));
  },

  /** The rule starts afresh from its newest window (enabled again, or gone). */
  async reset(db: ControlPlaneDb, kind: string, ruleId: number): Promise<void> {
    await db.deleteFrom('detection_watermarks').where('kind', '=', kind).where('rule_id', '=', ruleId).execute();
  },
};
