import { wildcard } from './mask-variables.js';

/** A learned template: its tokens (`<*>` at variable positions) and how it reads. */
export interface Template {
  readonly id: number;
  readonly tokens: readonly string[];
  readonly text: string;
}

/**
 * Finds the template a tokenized message belongs to, Drain-style: a fixed-depth tree by token count, then first token
 * (or `<*>` when the template's first token is variable); in the leaf the most specific template whose constants the
 * message has wins.
 */
export class TemplateIndex {
  private readonly leaves = new Map<string, Template[]>();

  add(template: Template): void {
    const leafKey = keyOf(template.tokens.length, template.tokens[0] ?? '');
    const leaf = this.leaves.get(leafKey);
    if (leaf) leaf.push(template);
    else this.leaves.set(leafKey, [template]);
  }

  find(tokens: readonly string[]): Template | undefined {
    const first = tokens[0] ?? '';
    return (
      bestOf(this.leaves.get(keyOf(tokens.length, first)), tokens) ??
      (first === wildcard ? undefined : bestOf(this.leaves.get(keyOf(tokens.length, wildcard)), tokens))
    );
  }
}

function keyOf(length: number, first: string): string {
  return `${length}\u0000${first}`;
}

function bestOf(candidates: readonly Template[] | undefined, tokens: readonly string[]): Template | undefined {
  if (candidates === undefined) return undefined;
  let best: Template | undefined;
  let bestConstants = -1;
  for (const template of candidates) {
    let constants = 0;
    let matches = true;
    for (let i = 0; i < tokens.length; i++) {
      const expected = template.tokens[i]!;
      if (expected === wildcard) continue;
      if (expected !== tokens[i]) {
        matches = false;
        break;
      }
      constants++;
    }
    if (matches && constants > bestConstants) {
      best = template;
      bestConstants = constants;
    }
  }
  return best;
}
