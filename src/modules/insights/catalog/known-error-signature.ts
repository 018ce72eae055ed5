/** A well-known failure of common software, recognised in a log message (PUBLIC_CI insights). */
export interface KnownErrorSignature {
  /** Stable id; the insight id is `P-<id>`. */
  readonly id: string;
  /** The tag it belongs to (database, web-server, jvm, nodejs, kubernetes, ssh, kernel …). */
  readonly tagName: string;
  /** The insight's title. */
  readonly title: string;
  readonly description: string;
  /** Public documentation the description is written from (the cited sources). */
  readonly links: readonly string[];
  /** Lower-case text every matching message contains: a cheap test before the pattern. */
  readonly hint: string;
  readonly pattern: RegExp;
  /** Finds the signature's logs in Discover (Lucene). */
  readonly query: string;
}

/** The first signature of `catalog` a message matches, or undefined. */
export function matchSignature(catalog: readonly KnownErrorSignature[], message: string): KnownErrorSignature | undefined {
  const lower = message.toLowerCase();
  for (const signature of catalog) if (lower.includes(signature.hint) && signature.pattern.test(message)) return signature;
  return undefined;
}
