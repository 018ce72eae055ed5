/**
 * QueryAst → a SQL predicate and a score expression. Field patterns (`*`, `actor.*`) expand to every matching
 * field of the catalog (best field scores, as multi_match best_fields); filter context scores 0.
 */
import type { QueryAst } from '../../../../query/index.js';
import { sqlNumber } from '../../sql-literals.js';
import type { CompileContext } from './compile-context.js';
import type { PredicateFacts } from './predicate-facts.js';
import type { FieldRef } from '../fields/field-access.js';
import { patternExists, patternReadsMessage } from '../fields/field-pattern.js';
import {
  existsSql,
  fieldEqualsSql,
  fuzzySql,
  idsSql,
  prefixSql,
  rangeSql,
  regexpSql,
  termSql,
  termsSql,
  wildcardSql,
} from './term-level.js';
import { matchQuerySql, phraseSql, type Compiled } from './text-query.js';
import { lookupSql } from './lookup-sql.js';
import { allFieldsMatchSql, allFieldsPatternSql, allFieldsPhraseSql, isAllFields } from './all-fields.js';

export type { Compiled };
export type { PredicateFacts };

const NONE: Compiled = { where: '0', score: '0', constantScore: true };

const and = (parts: readonly string[]): string =>
  parts.length === 0 ? '1' : parts.length === 1 ? (parts[0] ?? '1') : `(${parts.join(' AND ')})`;
const or = (parts: readonly string[]): string =>
  parts.length === 0 ? '0' : parts.length === 1 ? (parts[0] ?? '0') : `(${parts.join(' OR ')})`;
const sum = (parts: readonly string[]): string => (parts.length === 0 ? '0' : `(${parts.join(' + ')})`);

/** True when a test of the field reads `message` (its column, or its text index, whose expression does). */
const readsMessage = (field: FieldRef): boolean =>
  field.column === 'message' || (field.pattern !== undefined && patternReadsMessage(field.pattern));

const isConstant = (where: string): boolean => where === '0' || where === '1';

/** A leaf noting that it reads `message` (predicate-facts.ts), where it tests anything. */
function noting(context: CompileContext, leaf: (field: FieldRef) => Compiled): (field: FieldRef) => Compiled {
  return (field) => {
    const compiled = leaf(field);
    if (readsMessage(field) && !isConstant(compiled.where)) context.note('reads-message');
    return compiled;
  };
}

/** A field-less test: `message` is always one of the fields it reads (all-fields.ts). */
function fieldLess(context: CompileContext, compiled: Compiled): Compiled {
  if (!isConstant(compiled.where)) context.note('reads-message');
  return compiled;
}

/** A leaf on one field, over every field its name expands to. */
function perField(context: CompileContext, pattern: string, lenient: boolean, written: (field: FieldRef) => Compiled): Compiled {
  const leaf = noting(context, written);
  // A pattern is read as one field over all it matches (field-pattern.ts), not expanded clause by clause.
  if (pattern.includes('*')) return leaf(context.catalog.resolvePattern(pattern));
  const names = context.catalog.expand(pattern);
  const compiled = names
    .map((name) => context.catalog.resolve(name))
    .filter((field) => field.shape !== 'unmapped' || !lenient)
    .map(leaf)
    .filter((c) => c.where !== '0');
  if (compiled.length === 0) return NONE;
  if (compiled.length === 1) return compiled[0] ?? NONE;
  // The best field's score: which fields a log matches on varies from log to log.
  return { where: or(compiled.map((c) => c.where)), score: `greatest(${compiled.map((c) => `if(${c.where}, ${c.score}, 0)`).join(', ')})` };
}

/** A term-level pattern query, constant-scored: over every field through all-fields.ts, else field by field. */
function onFields(context: CompileContext, field: string, boost: number, leaf: (field: FieldRef) => string): Compiled {
  if (isAllFields(field)) return fieldLess(context, constant(allFieldsPatternSql(context, leaf), boost));
  return perField(context, field, true, (f) => constant(leaf(f), boost));
}

/** `exists` on an object name (`actor`) is true when any of its leaves exists. */
function existsCompiled(context: CompileContext, name: string): string {
  const direct = context.catalog.resolve(name);
  if (name.includes('*')) {
    if (patternReadsMessage({ glob: name })) context.note('reads-message');
    return patternExists({ glob: name });
  }
  if (direct.shape !== 'unmapped') {
    if (readsMessage(direct)) context.note('reads-message');
    return existsSql(direct);
  }
  if (context.catalog.expand(`${name}.*`).length === 0) return '0';
  return patternExists({ glob: `${name}.*` });
}

function constant(where: string, boost: number): Compiled {
  return { where, score: sqlNumber(boost), constantScore: true };
}

function compileBool(context: CompileContext, query: Extract<QueryAst, { kind: 'bool' }>): Compiled {
  // Lucene: without must/filter clauses a bool matches only documents that match at least one should clause.
  const onlyShould = query.must.length === 0 && query.filter.length === 0 && query.should.length > 0;
  const written = query.minimumShouldMatch;
  // An absolute count above the number of should clauses can never be met (ES matches nothing).
  const unmet = written !== null && /^\d+$/.test(String(written)) && Number(written) > query.should.length;
  const resolved = written === null || unmet ? 0 : Math.max(0, context.helpers.resolveMinimumShouldMatch(written, query.should.length));
  const required = onlyShould ? Math.max(1, resolved) : resolved;
  const must = query.must.map((q) => compileQuery(context, q));
  // Should clauses no match needs only score: their tests are not the predicate's (predicate-facts.ts).
  const compileShould = (q: QueryAst): Compiled => compileQuery(context, q);
  const should = query.should.map((q) => (required === 0 ? context.scoreOnly(() => compileShould(q)) : compileShould(q)));
  const filter = query.filter.map((q) => compileQuery(context, q).where);
  const mustNot = query.mustNot.map((q) => compileQuery(context, q).where);
  if (unmet) return NONE;
  const conditions = [...must.map((c) => c.where), ...filter];
  if (required > should.length) return NONE;
  if (required === 1) conditions.push(or(should.map((c) => c.where)));
  else if (required > 1) conditions.push(`(${should.map((c) => `toUInt8(${c.where})`).join(' + ')}) >= ${sqlNumber(required)}`);
  if (mustNot.length > 0) conditions.push(`NOT ${or(mustNot)}`);
  const scores = [...must.map((c) => c.score), ...should.map((c) => `if(${c.where}, ${c.score}, 0)`)];
  // A bool of filters only still matches with a score, as ES gives it (0 in filter context, boost otherwise).
  const score = scores.length === 0 ? '0' : `${sqlNumber(query.boost)} * ${sum(scores)}`;
  // A should clause adds to some logs' scores and not to others', unless it is the one clause every match meets.
  const [onlyRequired] = should.length === 1 && required >= 1 ? should : [];
  const constantScore = must.every((c) => c.constantScore === true) && (should.length === 0 || onlyRequired?.constantScore === true);
  return { where: and(conditions), score, constantScore };
}

/** A compiled predicate with the facts the speed rules decide on (predicate-facts.ts). */
export interface CompiledPredicate extends Compiled {
  readonly facts: PredicateFacts;
}

/** `query` compiled, with the facts of the tests written into its WHERE. */
export function compilePredicate(context: CompileContext, query: QueryAst): CompiledPredicate {
  const { value, facts } = context.noted(() => compileQuery(context, query));
  return { ...value, facts };
}

export function compileQuery(context: CompileContext, query: QueryAst): Compiled {
  switch (query.kind) {
    case 'match_all':
      return constant('1', query.boost);
    case 'match_none':
      return NONE;
    case 'bool':
      return compileBool(context, query);
    case 'term':
      return perField(context, query.field, false, (f) => {
        const where = termSql(f, query.value, query.caseInsensitive);
        return { where, score: `${sqlNumber(query.boost)} * ${context.idf(where)}`, constantScore: true };
      });
    case 'terms':
      return perField(context, query.field, false, (f) => constant(termsSql(f, query.values), query.boost));
    case 'range':
      return perField(context, query.field, true, (f) => constant(rangeSql(f, query), query.boost));
    case 'exists':
      return constant(existsCompiled(context, query.field), query.boost);
    case 'prefix':
      return onFields(context, query.field, query.boost, (f) => prefixSql(context.pending, f, query.prefix, query.caseInsensitive));
    case 'wildcard':
      return onFields(context, query.field, query.boost, (f) => wildcardSql(context.pending, f, query));
    case 'regexp':
      return onFields(context, query.field, query.boost, (f) => regexpSql(context.pending, f, query));
    case 'fuzzy':
      return onFields(context, query.field, query.boost, (f) => fuzzySql(context.pending, f, query));
    case 'ids':
      return constant(idsSql(query.values), query.boost);
    case 'lookup': {
      const members = query.members;
      // The search module resolves every lookup before the store runs a query (resolveLookups).
      if (members === null) throw new Error(`lookup list "${query.list}" reached the compiler unresolved`);
      return perField(context, query.field, false, (f) => constant(lookupSql(f, members, context.lookupTables.get(members)), query.boost));
    }
    case 'field_equals': {
      const fields = [query.field, query.otherField].map((name) => context.catalog.resolve(name));
      const [a, b] = fields;
      if (a === undefined || b === undefined) return NONE;
      if (readsMessage(a) || readsMessage(b)) context.note('reads-message');
      return constant(fieldEqualsSql(a, b, query.caseInsensitive), query.boost);
    }
    case 'match':
      if (isAllFields(query.field)) return fieldLess(context, allFieldsMatchSql(context, query));
      return perField(context, query.field, query.lenient || query.field.includes('*'), (f) => matchQuerySql(context, f, query));
    case 'phrase':
      if (isAllFields(query.field)) return fieldLess(context, allFieldsPhraseSql(context, query));
      return perField(context, query.field, query.lenient || query.field.includes('*'), (f) => phraseSql(context, f, query));
    case 'dis_max': {
      const parts = query.queries.map((q) => compileQuery(context, q));
      if (parts.length === 0) return NONE;
      const scores = parts.map((c) => `if(${c.where}, ${c.score}, 0)`);
      const best = `greatest(${scores.join(', ')}, 0)`;
      const score = `${sqlNumber(query.boost)} * (${best} + ${sqlNumber(query.tieBreaker)} * (${sum(scores)} - ${best}))`;
      const [only] = parts;
      return { where: or(parts.map((c) => c.where)), score, constantScore: parts.length === 1 && only?.constantScore === true };
    }
    case 'constant_score':
      return constant(compileQuery(context, query.filter).where, query.boost);
    case 'boosting': {
      const positive = compileQuery(context, query.positive);
      // The negative clause only lowers scores: its tests are not the predicate's.
      const negative = context.scoreOnly(() => compileQuery(context, query.negative));
      return {
        where: positive.where,
        score: `${sqlNumber(query.boost)} * ${positive.score} * if(${negative.where}, ${sqlNumber(query.negativeBoost)}, 1)`,
      };
    }
  }
}
