import { wildcard } from '../../patterns/mask-variables.js';

/** Rison, the encoding Kibana's Discover URL state uses: a string in quotes, with `'` and `!` escaped by `!`. */
function risonString(value: string): string {
  return `'${value.replace(/[!']/g, (char) => `!${char}`)}'`;
}

/**
 * A link to Discover (`/app/discover`, relative to the web UI) showing the logs a Lucene query finds between two
 * times, as Logz.io's insights link to Kibana.
 */
export function discoverLink(query: string, fromMs: number, toMs: number): string {
  const g = `(time:(from:${risonString(new Date(fromMs).toISOString())},to:${risonString(new Date(toMs).toISOString())}))`;
  const a = `(query:(language:lucene,query:${risonString(query)}))`;
  return `/app/discover#/?_g=${encodeURIComponent(g)}&_a=${encodeURIComponent(a)}`;
}

function quoted(phrase: string): string {
  return `"${phrase.replace(/["\\]/g, (char) => `\\${char}`)}"`;
}

/** The Lucene query that finds a template's logs: each run of constant words as a phrase of `message`. */
export function templateQuery(tokens: readonly string[]): string {
  const phrases: string[] = [];
  let run: string[] = [];
  for (const token of tokens) {
    if (token.includes(wildcard)) {
      if (run.length > 0) phrases.push(run.join(' '));
      run = [];
    } else run.push(token);
  }
  if (run.length > 0) phrases.push(run.join(' '));
  const usable = phrases.map((phrase) => phrase.trim()).filter((phrase) => /[A-Za-z0-9]/.test(phrase));
  return usable.length === 0 ? '*' : usable.map((phrase) => `message:${quoted(phrase)}`).join(' AND ');
}
