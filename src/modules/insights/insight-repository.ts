import type { Selectable } from 'kysely';
import type { PatternParserState } from '../../patterns/pattern-parser.js';
import type { SearchCursor } from '../../storage/log-store.js';
import type { ControlPlaneDb } from '../../storage/control-plane/index.js';
import type { InsightsTable } from './insight-tables.js';

export type InsightType = 'PUBLIC_CI' | 'LOGCEPTION';

export interface InsightRecord {
  readonly accountId: number;
  readonly insightId: string;
  readonly insightType: InsightType;
  readonly tagName: string;
  readonly title: string;
  readonly description: string;
  readonly links: readonly string[];
  readonly query: string;
  readonly firstOccurrence: number;
  readonly lastOccurrence: number;
  readonly count: number;
  readonly logTypes: readonly string[];
  readonly additionalData: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

export interface LearningState {
  readonly parser: PatternParserState;
  readonly fromMs: number;
  readonly cursor: SearchCursor | null;
}

function fromRow(row: Selectable<InsightsTable>): InsightRecord {
  return {
    accountId: row.account_id,
    insightId: row.insight_id,
    insightType: row.insight_type === 'PUBLIC_CI' ? 'PUBLIC_CI' : 'LOGCEPTION',
    tagName: row.tag_name,
    title: row.title,
    description: row.description,
    links: JSON.parse(row.links) as string[],
    query: row.query,
    firstOccurrence: Number(row.first_occurrence),
    lastOccurrence: Number(row.last_occurrence),
    count: Number(row.count),
    logTypes: JSON.parse(row.log_types) as string[],
    additionalData: JSON.parse(row.additional_data) as Record<string, Record<string, unknown>>,
  };
}

function toRow(record: InsightRecord): InsightsTable {
  return {
    account_id: record.accountId,
    insight_id: record.insightId,
    insight_type: record.insightType,
    tag_name: record.tagName,
    title: record.title,
    description: record.description,
    links: JSON.stringify(record.links),
    query: record.query,
    first_occurrence: record.firstOccurrence,
    last_occurrence: record.lastOccurrence,
    count: record.count,
    log_types: JSON.stringify(record.logTypes),
    additional_data: JSON.stringify(record.additionalData),
  };
}

export const insightRepository = {
  async loadState(db: ControlPlaneDb, accountId: number): Promise<LearningState | undefined> {
    const row = await db.selectFrom('insight_learning_states').selectAll().where('account_id', '=', accountId).executeTakeFirst();
    if (row === undefined) return undefined;
    return {
      parser: JSON.parse(row.parser_state) as PatternParserState,
      fromMs: Number(row.from_ms),
      cursor: row.cursor === null ? null : (JSON.parse(row.cursor) as SearchCursor),
    };
  },

  async saveState(db: ControlPlaneDb, accountId: number, state: LearningState, now: number): Promise<void> {
    const values = {
      parser_state: JSON.stringify(state.parser),
      from_ms: state.fromMs,
      cursor: state.cursor === null ? null : JSON.stringify(state.cursor),
      updated_at: now,
    };
    await db
      .insertInto('insight_learning_states')
      .values({ account_id: accountId, ...values })
      .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
      .execute();
  },

  async byIds(db: ControlPlaneDb, accountId: number, ids: readonly string[]): Promise<Map<string, InsightRecord>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('insights')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('insight_id', 'in', [...ids])
      .execute();
    return new Map(rows.map((row) => [row.insight_id, fromRow(row)]));
  },

  async upsert(db: ControlPlaneDb, record: InsightRecord): Promise<void> {
    const { account_id: _account, insight_id: _id, ...rest } = toRow(record);
    await db
      .insertInto('insights')
      .values(toRow(record))
      .onConflict((oc) => oc.columns(['account_id', 'insight_id']).doUpdateSet(rest))
      .execute();
  },

  /** Insights of the account that occurred inside [fromMs, toMs]. */
  async inWindow(db: ControlPlaneDb, accountId: number, fromMs: number, toMs: number): Promise<InsightRecord[]> {
    const rows = await db
      .selectFrom('insights')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('last_occurrence', '>=', fromMs)
      .where('first_occurrence', '<=', toMs)
      .execute();
    return rows.map(fromRow);
  },

  /** Forgets insights last seen before `ms` (the look-back). */
  async pruneBefore(db: ControlPlaneDb, accountId: number, ms: number): Promise<void> {
    await db.deleteFrom('insights').where('account_id', '=', accountId).where('last_occurrence', '<', ms).execute();
  },
};
