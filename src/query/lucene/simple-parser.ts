import { LuceneSyntaxError } from './lexer.js';
import { GROUP_DEPTH_MESSAGE, MAX_GROUP_DEPTH, type LuceneNode } from './syntax.js';

/**
 * simple_query_string syntax, as Lucene's SimpleQueryParser reads it: `+` and, `|` or, `-` not, `"phrase"`,
 * `term*` prefix, `~N` fuzziness / slop, `( )` precedence, `\` escape. Operators fold left to right, whitespace
 * uses the default operator, and malformed input never fails (a stray operator is ignored), as in ES.
 */

const OPERATOR_CHARS = new Set(['+', '|', '-', '(', ')', '"']);
// `<`/`>` are escaped too: they are plain characters here, not query_string's comparison operators.
const escapeWildcards = (text: string): string => text.replace(/[\\*?]/g, '\\$&').replace(/^[<>]/, '\\$&');

class SimpleParser {
  private index = 0;
  private depth = 0;

  constructor(
    private readonly input: string,
    private readonly defaultOperator: 'or' | 'and',
  ) {}

  private peek(): string {
    return this.input[this.index] ?? '';
  }

  private readTilde(): number | null {
    if (this.peek() !== '~') return null;
    this.index += 1;
    const digits = /^\d+/.exec(this.input.slice(this.index))?.[0] ?? '';
    this.index += digits.length;
    return digits === '' ? 2 : Number(digits);
  }

  parseSequence(): LuceneNode | null {
    let current: LuceneNode | null = null;
    let operator: 'or' | 'and' | null = null;
    let negate = false;
    while (this.index < this.input.length) {
      const char = this.peek();
      if (/\s/.test(char)) {
        this.index += 1;
      } else if (char === '|') {
        operator = 'or';
        this.index += 1;
      } else if (char === '+') {
        operator = 'and';
        this.index += 1;
      } else if (char === '-') {
        negate = true;
        this.index += 1;
      } else if (char === ')') {
        this.index += 1;
        break;
      } else {
        const node = this.parseOperand();
        if (node === null) continue;
        const clause: LuceneNode = negate ? { kind: 'boolean', clauses: [{ occur: 'must_not', node }], boost: 1 } : node;
        if (current === null) {
          current = clause;
        } else {
          const occur = (operator ?? this.defaultOperator) === 'and' ? 'must' : 'should';
          current = {
            kind: 'boolean',
            clauses: [
              { occur, node: current },
              { occur, node: clause },
            ],
            boost: 1,
          };
        }
        operator = null;
        negate = false;
      }
    }
    return current;
  }

  private parseOperand(): LuceneNode | null {
    const char = this.peek();
    if (char === '(') {
      this.index += 1;
      if (++this.depth > MAX_GROUP_DEPTH) throw new LuceneSyntaxError(`${GROUP_DEPTH_MESSAGE} at position ${this.index - 1}`);
      const inner = this.parseSequence();
      this.depth -= 1;
      return inner;
    }
    if (char === '"') {
      this.index += 1;
      const end = this.input.indexOf('"', this.index);
      const text = this.input.slice(this.index, end < 0 ? undefined : end);
      this.index = end < 0 ? this.input.length : end + 1;
      const slop = this.readTilde();
      return { kind: 'phrase', field: null, text, slop, boost: 1 };
    }
    let text = '';
    while (this.index < this.input.length) {
      const current = this.peek();
      if (current === '\\' && this.index + 1 < this.input.length) {
        text += this.input[this.index + 1] ?? '';
        this.index += 2;
      } else if (/\s/.test(current) || OPERATOR_CHARS.has(current) || current === '~') {
        break;
      } else {
        text += current;
        this.index += 1;
      }
    }
    const fuzzy = this.readTilde();
    if (text === '') return null;
    const prefix = text.endsWith('*');
    const raw = prefix ? `${escapeWildcards(text.slice(0, -1))}*` : escapeWildcards(text);
    return { kind: 'term', field: null, raw, text: prefix ? text.slice(0, -1) : text, fuzzy: prefix ? null : fuzzy, boost: 1 };
  }
}

export function parseSimpleQuery(input: string, defaultOperator: 'or' | 'and'): LuceneNode {
  return new SimpleParser(input, defaultOperator).parseSequence() ?? { kind: 'boolean', clauses: [], boost: 1 };
}
