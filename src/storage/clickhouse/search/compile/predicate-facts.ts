/**
 * What the speed rules decide on about a compiled predicate (decision 0730), noted by the compiler where it writes
 * the SQL that has the property, never read back from the SQL text. A fact is noted for a test that reaches the
 * predicate's WHERE; tests that only score (a `boosting` negative, `should` clauses beside a required clause) are
 * compiled with noting paused. Facts may over-state (a test noted whose SQL a later step drops): a rule then skips a
 * shortcut it could have taken, never changes an answer.
 */
export interface PredicateFacts {
  /**
   * Some test reads `message`: its column, or a text index whose expression reads it (the message index, the fields
   * index, which leaves out the tokens a plain message holds, and their pair indexes). Testing a row costs reading it.
   */
  readonly readsMessage: boolean;
  /**
   * The predicate is written differently on rows by their plain flags: `message` where a text test on `message`
   * has an index-alone form for `message_plain = 1` rows (text-query.ts onTextRows), `fields` where a field-less
   * test has one for `fields_plain = 1` rows (all-fields.ts onFieldRows).
   */
  readonly usesPlainColumns: { readonly message: boolean; readonly fields: boolean };
}

export type PredicateFact = 'reads-message' | 'plain-message-form' | 'plain-fields-form';

export const NO_FACTS: PredicateFacts = { readsMessage: false, usesPlainColumns: { message: false, fields: false } };

export function factsOf(noted: ReadonlySet<PredicateFact>): PredicateFacts {
  return {
    readsMessage: noted.has('reads-message'),
    usesPlainColumns: { message: noted.has('plain-message-form'), fields: noted.has('plain-fields-form') },
  };
}
