import { LuceneSyntaxError, tokenize, type LuceneToken } from './lexer.js';
import { GROUP_DEPTH_MESSAGE, MAX_GROUP_DEPTH, type LuceneField, type LuceneNode, type Occur, type RangeEnd } from './syntax.js';

/**
 * Recursive-descent parser of the Lucene classic syntax. Occurrences follow Lucene's QueryParser.addClause
 * exactly (it has no real AND/OR precedence): `a AND b OR c` makes a and b required and c optional under the OR
 * default operator, as Elasticsearch does.
 */

type Conjunction = 'none' | 'and' | 'or';
type Modifier = 'none' | 'required' | 'prohibited';

interface PendingClause {
  occur: Occur;
  readonly node: LuceneNode;
}

class Parser {
  private index = 0;
  private depth = 0;

  constructor(
    private readonly tokens: readonly LuceneToken[],
    private readonly defaultOperator: 'or' | 'and',
  ) {}

  private peek(): LuceneToken | undefined {
    return this.tokens[this.index];
  }

  private next(): LuceneToken {
    const token = this.tokens[this.index];
    if (token === undefined) throw new LuceneSyntaxError('unexpected end of query');
    this.index += 1;
    return token;
  }

  private describe(token: LuceneToken | undefined): string {
    if (token === undefined) return 'end of query';
    return `'${'raw' in token ? token.raw : token.type}' at position ${token.at}`;
  }

  parseAll(): LuceneNode {
    const node = this.parseQuery(null);
    const rest = this.peek();
    if (rest !== undefined) throw new LuceneSyntaxError(`unexpected ${this.describe(rest)}`);
    return node;
  }

  /** Query ::= (Conjunction? Modifier? Clause)* — until `)` or the end. */
  private parseQuery(field: LuceneField): LuceneNode {
    const clauses: PendingClause[] = [];
    for (;;) {
      const token = this.peek();
      if (token === undefined || token.type === 'rparen') break;
      let conjunction: Conjunction = 'none';
      if (token.type === 'and' || token.type === 'or') {
        if (clauses.length === 0) throw new LuceneSyntaxError(`unexpected ${this.describe(token)}`);
        conjunction = token.type;
        this.index += 1;
      }
      let modifier: Modifier = 'none';
      const modifierToken = this.peek();
      if (modifierToken?.type === 'plus') modifier = 'required';
      else if (modifierToken?.type === 'minus' || modifierToken?.type === 'not') modifier = 'prohibited';
      if (modifier !== 'none') this.index += 1;
      const node = this.parseClause(field);
      this.addClause(clauses, conjunction, modifier, node);
    }
    if (clauses.length === 0) return { kind: 'boolean', clauses: [], boost: 1 };
    const only = clauses[0];
    if (clauses.length === 1 && only !== undefined && only.occur !== 'must_not') return only.node;
    return { kind: 'boolean', clauses, boost: 1 };
  }

  private addClause(clauses: PendingClause[], conjunction: Conjunction, modifier: Modifier, node: LuceneNode): void {
    const previous = clauses[clauses.length - 1];
    if (previous !== undefined && conjunction === 'and' && previous.occur !== 'must_not') previous.occur = 'must';
    if (previous !== undefined && this.defaultOperator === 'and' && conjunction === 'or' && previous.occur !== 'must_not')
      previous.occur = 'should';
    const prohibited = modifier === 'prohibited';
    const required =
      this.defaultOperator === 'or'
        ? modifier === 'required' || (conjunction === 'and' && !prohibited)
        : !prohibited && conjunction !== 'or';
    clauses.push({ node, occur: prohibited ? 'must_not' : required ? 'must' : 'should' });
  }

  /** Clause ::= [field ':'] (term | phrase | regex | range | '(' Query ')') with `~` and `^` suffixes. */
  private parseClause(inherited: LuceneField): LuceneNode {
    let field = inherited;
    const first = this.peek();
    const second = this.tokens[this.index + 1];
    if (first?.type === 'term' && second?.type === 'colon') {
      field = first.text;
      this.index += 2;
    }
    const token = this.next();
    switch (token.type) {
      case 'lparen': {
        if (++this.depth > MAX_GROUP_DEPTH) throw new LuceneSyntaxError(`${GROUP_DEPTH_MESSAGE} at position ${token.at}`);
        const inner = this.parseQuery(field);
        this.depth -= 1;
        if (this.next().type !== 'rparen') throw new LuceneSyntaxError(`missing ')' for '(' at position ${token.at}`);
        return withBoost(inner, this.parseBoost());
      }
      case 'phrase': {
        const slop = this.parseTilde();
        return { kind: 'phrase', field, text: token.text, slop: slop === 'default' ? null : slop, boost: this.parseBoost() };
      }
      case 'regex':
        return { kind: 'regex', field, pattern: token.pattern, boost: this.parseBoost() };
      case 'lookup':
        return { kind: 'lookup', field, list: token.list, boost: this.parseBoost() };
      case 'lbracket':
        return this.parseRange(field, token.inclusive);
      case 'term': {
        const fuzzy = this.parseTilde();
        return { kind: 'term', field, raw: token.raw, text: token.text, fuzzy, boost: this.parseBoost() };
      }
      default:
        throw new LuceneSyntaxError(`unexpected ${this.describe(token)}`);
    }
  }

  private parseRangeEnd(): string | null {
    const token = this.next();
    if (token.type === 'phrase') return token.text;
    if (token.type === 'term') return token.raw === '*' ? null : token.text;
    throw new LuceneSyntaxError(`expected a range bound but found ${this.describe(token)}`);
  }

  private parseRange(field: LuceneField, lowerInclusive: boolean): LuceneNode {
    const lower = this.parseRangeEnd();
    const to = this.next();
    if (to.type !== 'to') throw new LuceneSyntaxError(`expected 'TO' but found ${this.describe(to)}`);
    const upper = this.parseRangeEnd();
    const close = this.next();
    if (close.type !== 'rbracket') throw new LuceneSyntaxError(`expected ']' or '}' but found ${this.describe(close)}`);
    const lowerEnd: RangeEnd = { value: lower, inclusive: lowerInclusive };
    const upperEnd: RangeEnd = { value: upper, inclusive: close.inclusive };
    return { kind: 'range', field, lower: lowerEnd, upper: upperEnd, boost: this.parseBoost() };
  }

  /** `~` or `~N` after a term or phrase. */
  private parseTilde(): number | 'default' | null {
    if (this.peek()?.type !== 'tilde') return null;
    this.index += 1;
    const number = this.peek();
    if (number?.type === 'term' && /^\d+(\.\d+)?$/.test(number.raw)) {
      this.index += 1;
      return Number(number.raw);
    }
    return 'default';
  }

  private parseBoost(): number {
    if (this.peek()?.type !== 'caret') return 1;
    const caret = this.next();
    const number = this.next();
    if (number.type !== 'term' || !/^\d+(\.\d+)?$/.test(number.raw))
      throw new LuceneSyntaxError(`expected a boost number after '^' at position ${caret.at}`);
    return Number(number.raw);
  }
}

function withBoost(node: LuceneNode, boost: number): LuceneNode {
  return boost === 1 ? node : { ...node, boost: node.boost * boost };
}

/** Parses a Lucene query string; throws LuceneSyntaxError on malformed input. */
export function parseLucene(input: string, defaultOperator: 'or' | 'and'): LuceneNode {
  return new Parser(tokenize(input), defaultOperator).parseAll();
}
