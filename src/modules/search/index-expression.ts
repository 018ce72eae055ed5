import type { TypeSelection } from '../../storage/log-store.js';

/**
 * An Elasticsearch index expression (`logs`, `logs-*,-logs-debug`, `_all`, `*`) read as a selection of log
 * types: Logward keeps one store per account and the ES index name of a log is its `type`.
 * Returns null for "every type".
 */
export function parseIndexExpression(expression: string | undefined): TypeSelection | null {
  if (expression === undefined) return null;
  const parts = expression
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const include: string[] = [];
  const exclude: string[] = [];
  for (const part of parts) {
    // As in Elasticsearch, `-name` excludes only after something it can subtract from.
    if (part.startsWith('-') && include.length > 0) exclude.push(part.slice(1));
    else include.push(part === '_all' ? '*' : part);
  }
  if (include.length === 0 || (include.includes('*') && exclude.length === 0)) return null;
  return { include, exclude };
}

/** The concrete (wildcard-free) names of a selection: Elasticsearch answers 404 when one of them does not exist. */
export function concreteIndexNames(selection: TypeSelection | null): string[] {
  return selection === null ? [] : selection.include.filter((name) => !name.includes('*'));
}

/** Does `type` match a glob of the selection (`*` = any run of characters)? */
export function globMatches(glob: string, type: string): boolean {
  const pattern = glob
    .split('*')
    .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`).test(type);
}
