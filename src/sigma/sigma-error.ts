import { AppError } from '../shared/app-error.js';

/**
 * Constructs the converter cannot express on Logward's query AST. The set is closed so an importer can count and
 * explain them (bench/sigma-regression.ts groups by it) and a client sees which one stopped its rule.
 */
export type UnsupportedConstruct = 'modifier' | 'regex' | 'cidr' | 'aggregation' | 'correlation' | 'timeframe' | 'placeholder';

/**
 * A Sigma document Logward cannot use: an AppError `invalid_argument` (400) whose parameters name the rule (title
 * or id), the path in the document and, for a valid rule Logward cannot express, the construct.
 */
export class SigmaError extends AppError {
  readonly rule: string;
  readonly path: string;
  readonly construct: UnsupportedConstruct | null;

  constructor(rule: string, path: string, message: string, construct: UnsupportedConstruct | null) {
    const wireCode = construct === null ? 'SIGMA/INVALID_RULE' : 'SIGMA/UNSUPPORTED_CONSTRUCT';
    super('invalid_argument', message, { wireCode, parameters: { rule, path, ...(construct === null ? {} : { construct }) } });
    this.name = 'SigmaError';
    this.rule = rule;
    this.path = path;
    this.construct = construct;
  }
}

/** Where a problem is: the rule it belongs to and the path inside its document (`detection.selection.Image|re`). */
export interface SigmaLocation {
  readonly rule: string;
  readonly path: string;
}

export function invalidSigma(at: SigmaLocation, problem: string): SigmaError {
  return new SigmaError(at.rule, at.path, `Sigma rule "${at.rule}": ${problem} at ${at.path}`, null);
}

export function unsupportedSigma(at: SigmaLocation, construct: UnsupportedConstruct, problem: string): SigmaError {
  return new SigmaError(at.rule, at.path, `Sigma rule "${at.rule}": ${problem} at ${at.path} is not supported`, construct);
}
