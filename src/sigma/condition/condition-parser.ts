/**
 * A Sigma condition (`selection and not 1 of filter_*`, `all of them`, `(a or b) and c | count() by x > 5`) → a
 * tree. Precedence, lowest first: `or`, `and`, `not`; parentheses group. Keywords are case-insensitive.
 */
import { invalidSigma, unsupportedSigma, type SigmaLocation } from '../sigma-error.js';

export type ConditionNode =
  | { readonly kind: 'search'; readonly name: string }
  /** `1 of x*` / `all of x*` / `1 of them`: `pattern` null for `them`. */
  | { readonly kind: 'of'; readonly quantifier: 'any' | 'all'; readonly pattern: string | null }
  | { readonly kind: 'and' | 'or'; readonly parts: readonly ConditionNode[] }
  | { readonly kind: 'not'; readonly part: ConditionNode };

export type AggregationFunction = 'count' | 'sum' | 'min' | 'max' | 'avg';
export type ComparisonOperator = '>' | '>=' | '<' | '<=' | '==';

/** `| count(field) by a, b > 5` (Sigma 1.x aggregation expression). */
export interface AggregationExpression {
  readonly fn: AggregationFunction;
  readonly field: string | null;
  readonly groupBy: readonly string[];
  readonly operator: ComparisonOperator;
  readonly threshold: number;
}

export interface ParsedCondition {
  readonly expression: ConditionNode;
  readonly aggregation: AggregationExpression | null;
}

interface Token {
  readonly type: 'word' | '(' | ')';
  readonly text: string;
}

function tokenize(text: string, at: SigmaLocation): Token[] {
  const tokens: Token[] = [];
  const re = /\s*(?:(\()|(\))|([A-Za-z0-9_*.-]+))/y;
  let index = 0;
  while (index < text.length) {
    if (/^\s*$/.test(text.slice(index))) break;
    re.lastIndex = index;
    const m = re.exec(text);
    if (m === null) throw invalidSigma(at, `unexpected character ${JSON.stringify(text.slice(index).trim()[0])} in the condition`);
    tokens.push(
      m[1] !== undefined ? { type: '(', text: '(' } : m[2] !== undefined ? { type: ')', text: ')' } : { type: 'word', text: m[3] ?? '' },
    );
    index = re.lastIndex;
  }
  return tokens;
}

const KEYWORDS = new Set(['and', 'or', 'not', 'of', 'them']);

function parseExpression(tokens: readonly Token[], at: SigmaLocation): ConditionNode {
  let position = 0;
  const peek = (): Token | undefined => tokens[position];
  const isWord = (word: string): boolean => peek()?.type === 'word' && peek()?.text.toLowerCase() === word;
  const fail = (what: string): never => {
    throw invalidSigma(at, `${what} in the condition`);
  };

  function orExpr(): ConditionNode {
    const parts = [andExpr()];
    while (isWord('or')) {
      position += 1;
      parts.push(andExpr());
    }
    return parts.length === 1 ? (parts[0] as ConditionNode) : { kind: 'or', parts };
  }
  function andExpr(): ConditionNode {
    const parts = [notExpr()];
    while (isWord('and')) {
      position += 1;
      parts.push(notExpr());
    }
    return parts.length === 1 ? (parts[0] as ConditionNode) : { kind: 'and', parts };
  }
  function notExpr(): ConditionNode {
    if (isWord('not')) {
      position += 1;
      return { kind: 'not', part: notExpr() };
    }
    return primary();
  }
  function primary(): ConditionNode {
    const token = peek();
    if (token === undefined) return fail('a missing operand');
    if (token.type === '(') {
      position += 1;
      const inner = orExpr();
      if (peek()?.type !== ')') fail('a missing )');
      position += 1;
      return inner;
    }
    if (token.type === ')') return fail('an unexpected )');
    const lower = token.text.toLowerCase();
    const next = tokens[position + 1];
    if (next?.type === 'word' && next.text.toLowerCase() === 'of') {
      if (lower !== '1' && lower !== 'all' && lower !== 'any') fail(`"${token.text} of" (only 1, any and all are defined)`);
      position += 2;
      const target = peek();
      if (target?.type !== 'word' || (KEYWORDS.has(target.text.toLowerCase()) && target.text.toLowerCase() !== 'them'))
        return fail('a missing search after "of"');
      position += 1;
      const quantifier = lower === 'all' ? 'all' : 'any';
      return { kind: 'of', quantifier, pattern: target.text.toLowerCase() === 'them' ? null : target.text };
    }
    if (KEYWORDS.has(lower)) return fail(`an unexpected "${token.text}"`);
    position += 1;
    return { kind: 'search', name: token.text };
  }

  const expression = orExpr();
  if (position < tokens.length) fail(`an unexpected "${tokens[position]?.text ?? ''}"`);
  return expression;
}

const AGGREGATION = /^\s*(count|sum|min|max|avg)\(\s*([^)\s]*)\s*\)\s*(?:by\s+([^<>=!]+?))?\s*(>=|<=|==|=|>|<)\s*(\d+(?:\.\d+)?)\s*$/i;

function parseAggregation(text: string, at: SigmaLocation): AggregationExpression {
  if (/^\s*near\b/i.test(text)) throw unsupportedSigma(at, 'aggregation', 'the near operator');
  const m = AGGREGATION.exec(text);
  if (m === null) throw invalidSigma(at, `an aggregation expression that does not read as "fn(field) by x > n": ${text.trim()}`);
  const field = m[2] === '' || m[2] === undefined ? null : m[2];
  const fn = (m[1] ?? 'count').toLowerCase() as AggregationFunction;
  if (fn !== 'count' && field === null) throw invalidSigma(at, `${fn}() needs a field`);
  const groupBy =
    m[3] === undefined
      ? []
      : m[3]
          .split(',')
          .map((f) => f.trim())
          .filter((f) => f !== '');
  const operator = (m[4] === '=' ? '==' : m[4]) as ComparisonOperator;
  return { fn, field, groupBy, operator, threshold: Number(m[5]) };
}

export function parseCondition(text: string, at: SigmaLocation): ParsedCondition {
  const pipe = text.indexOf('|');
  const head = pipe === -1 ? text : text.slice(0, pipe);
  const tokens = tokenize(head, at);
  if (tokens.length === 0) throw invalidSigma(at, 'an empty condition');
  return { expression: parseExpression(tokens, at), aggregation: pipe === -1 ? null : parseAggregation(text.slice(pipe + 1), at) };
}
