/**
 * The SQL a plan's row sets and counts are written as, once, when the executor runs them (search-plan.ts).
 */
import { FIELDS_PLAIN_COLUMN, MESSAGE_PLAIN_COLUMN } from '../../log-table-schema.js';
import type { RowClass, RowSets, SearchPlan } from './search-plan.js';

const PLAIN_CLASS: Readonly<Record<RowClass, string>> = {
  message: `${MESSAGE_PLAIN_COLUMN} = 1`,
  'message-and-fields': `${MESSAGE_PLAIN_COLUMN} = 1 AND ${FIELDS_PLAIN_COLUMN} = 1`,
};
const OTHER_CLASS: Readonly<Record<RowClass, string>> = {
  message: `${MESSAGE_PLAIN_COLUMN} = 0`,
  'message-and-fields': `(${MESSAGE_PLAIN_COLUMN} = 0 OR ${FIELDS_PLAIN_COLUMN} = 0)`,
};

/** The WHERE of each row set: the match, or its plain rows then its other rows. */
export function rowSetsSql(rows: RowSets): readonly string[] {
  if (rows.split === null) return [rows.all];
  const { by, plain, other } = rows.split;
  return [`${PLAIN_CLASS[by]} AND ${plain}`, `${OTHER_CLASS[by]} AND ${other}`];
}

/**
 * The count of the matches, each row set counted apart (plain rows never read `message`: the text index alone
 * decides their words). A bounded count stops reading past `limit`.
 */
export function countSql(plan: Pick<SearchPlan, 'table' | 'rows'>, limit: number | null): string {
  const { table } = plan;
  const countOf = (where: string): string =>
    limit === null ? `${table} WHERE ${where}` : `(SELECT 1 FROM ${table} WHERE ${where} LIMIT ${limit})`;
  const [first, second] = rowSetsSql(plan.rows);
  return second === undefined
    ? `SELECT count() AS n FROM ${countOf(first ?? '0')}`
    : `SELECT (SELECT count() FROM ${countOf(first ?? '0')}) + (SELECT count() FROM ${countOf(second)}) AS n`;
}

/** The two row sets of a split read as one table (split-aggregations). */
export function splitRowsTableSql(plan: Pick<SearchPlan, 'table' | 'rows'>): string {
  const [plain, other] = rowSetsSql(plan.rows);
  return `(SELECT * FROM ${plan.table} WHERE ${plain ?? '0'} UNION ALL SELECT * FROM ${plan.table} WHERE ${other ?? '0'})`;
}
