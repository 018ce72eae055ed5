import { NUMERIC_TYPES, type FieldInfo } from '../search.js';
import { kqlHint, rangeHint, wildcardHint } from './query-hints.js';

/**
 * What Discover says about the query beside its answer: KQL typed where Lucene runs (with the Lucene form to use), a
 * range on a field that is not numeric, and why a query with wildcards may have found nothing.
 */
export function QueryHints(props: {
  /** The query being typed (KQL is caught before it runs). */
  draft: string;
  /** The query that ran. */
  query: string;
  fields: readonly FieldInfo[];
  /** The search ended with no hits. */
  noHits: boolean;
  onUseLucene: (lucene: string) => void;
}) {
  const { draft, query, fields, noHits, onUseLucene } = props;
  const kql = kqlHint(draft);
  const before = rangeHint(query, fields, NUMERIC_TYPES);
  const zero = noHits ? wildcardHint(query, fields) : undefined;
  return (
    <>
      {kql !== undefined && (
        <p className="hint" role="note" data-testid="kql-hint">
          {kql.reason}{' '}
          {kql.lucene !== undefined ? (
            <>
              Lucene: <code>{kql.lucene}</code>{' '}
              <button type="button" onClick={() => onUseLucene(kql.lucene ?? '')}>
                Use the Lucene form
              </button>
            </>
          ) : null}
        </p>
      )}
      {[before, zero].map((hint) =>
        hint === undefined ? null : (
          <p key={hint} className="hint" role="note" data-testid="query-hint">
            {hint}
          </p>
        ),
      )}
    </>
  );
}
