/**
 * The words worth counting ahead for one account in one part: those a search would otherwise count row by row over
 * much of the account's logs. A word the text indexes hold for at least `minLogs` rows of the part (across accounts:
 * never fewer than the account's), or one the account's columns of few values hold that often.
 */
import { analyzeTerms } from '../../../../query/index.js';
import { FEW_VALUES_FIELDS, FIELDS_TEXT_INDEX, MESSAGE_TEXT_INDEX } from '../../log-table-schema.js';
import { sqlIdentifier, sqlNumber, sqlString, sqlUInt32 } from '../../sql-literals.js';
import type { Run } from '../statement-priority.js';
import type { CountedField } from './counted-word.js';

export interface FrequentWordsQuery {
  readonly table: string;
  /** The part's name. */
  readonly part: string;
  readonly account: number;
  /** How many of the account's logs a word must be held by, at least (estimated). */
  readonly minLogs: number;
  /** Words per field, the most common first. */
  readonly maxWords: number;
  readonly run: Run;
}

/** A text index's tokens held by at least `minLogs` rows of the part, with how many. */
async function indexWords(query: FrequentWordsQuery, index: string): Promise<Map<string, number>> {
  const rows = await query.run(
    `SELECT token, cardinality FROM mergeTreeTextIndex(currentDatabase(), ${sqlIdentifier(query.table)}, ${sqlIdentifier(index)}) ` +
      `WHERE part_name = ${sqlString(query.part)} AND cardinality >= ${sqlNumber(query.minLogs)}`,
  );
  return new Map(rows.map((row) => [String(row.token), Number(row.cardinality)]));
}

/** The words of the account's values of the columns of few values, each with the logs holding it (at most). */
async function fewValueWords(query: FrequentWordsQuery): Promise<Map<string, number>> {
  const where = `_part = ${sqlString(query.part)} AND account = ${sqlUInt32(query.account)}`;
  const rows = await query.run(
    FEW_VALUES_FIELDS.map(
      (field) =>
        `SELECT toString(${field.column}) AS v, count() AS n FROM ${query.table} WHERE ${where} AND ${field.column} IS NOT NULL GROUP BY v`,
    ).join(' UNION ALL '),
  );
  const words = new Map<string, number>();
  for (const row of rows) {
    for (const word of new Set(analyzeTerms(String(row.v)))) words.set(word, (words.get(word) ?? 0) + Number(row.n));
  }
  return words;
}

/** A word a query can ask for: one the analyzer reads back as itself (a search of it is wordQuery of it). */
const isQueryWord = (word: string): boolean => {
  const terms = analyzeTerms(word);
  return terms.length === 1 && terms[0] === word;
};

const mostCommon = (words: ReadonlyMap<string, number>, minLogs: number, max: number): string[] =>
  [...words]
    .filter(([word, logs]) => logs >= minLogs && isQueryWord(word))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, max)
    .map(([word]) => word);

/** The words to count for each counted field. */
export async function frequentWords(query: FrequentWordsQuery): Promise<ReadonlyMap<CountedField, readonly string[]>> {
  const [message, fields, fewValues] = await Promise.all([
    indexWords(query, MESSAGE_TEXT_INDEX),
    indexWords(query, FIELDS_TEXT_INDEX),
    fewValueWords(query),
  ]);
  // A field-less word is held wherever either index or a column of few values holds it: the largest is a floor.
  const anywhere = new Map(message);
  for (const source of [fields, fewValues]) for (const [word, logs] of source) anywhere.set(word, Math.max(anywhere.get(word) ?? 0, logs));
  return new Map<CountedField, readonly string[]>([
    ['*', mostCommon(anywhere, query.minLogs, query.maxWords)],
    ['message', mostCommon(message, query.minLogs, query.maxWords)],
  ]);
}
