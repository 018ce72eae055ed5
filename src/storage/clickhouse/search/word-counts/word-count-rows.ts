/**
 * What the word counts table holds (log-table-schema.ts WORD_COUNT_TABLE), shared by the builder that writes it and
 * the totals that read it.
 */
import { activePartsFrom, PART_KEY_SQL } from '../table-parts.js';

/**
 * The version of the rules the counts were made under, kept in each completion row: counts made before a change to
 * what a word matches (the compiler's rules) are not read, and are made again.
 */
export const WORD_COUNT_RULES = 3;

/** One row of the counts table. */
export interface WordCountRow {
  readonly account: number;
  /** `*` or `message`; '' on the row that marks an account's counts of a part complete. */
  readonly field: string;
  readonly word: string;
  /** The part's key: its name and creation time (table-parts.ts). */
  readonly part: string;
  /** A block of the account's rows in the part: its key, its first and last rows, their timestamps. */
  readonly block: number;
  readonly first_row: number;
  readonly last_row: number;
  readonly min_ts: number;
  readonly max_ts: number;
  /** The logs of the block the word matches; on a completion row, the rules' version. */
  readonly logs: number;
  /** 1 on a completion row. */
  readonly complete: 0 | 1;
}

/** The keys of the table's active parts, as a subquery. */
export function activePartKeysSql(logsTable: string): string {
  return `SELECT ${PART_KEY_SQL} ${activePartsFrom(logsTable)}`;
}

/** The row saying `word` was counted (field and word empty: all of an account's words of a part were). */
export function completionRow(account: number, part: string, field = '', word = ''): WordCountRow {
  return { account, field, word, part, block: 0, first_row: 0, last_row: 0, min_ts: 0, max_ts: 0, logs: WORD_COUNT_RULES, complete: 1 };
}

/** A completion row of the current rules, as SQL. */
export const COMPLETE_SQL = `(complete = 1 AND logs = ${WORD_COUNT_RULES})`;
