import { AppError } from '../../shared/app-error.js';

/**
 * Bad search input. It is an AppError (invalid_argument → 400) whose `parameters.path` names the JSON path of the
 * problem (`query.bool.filter[0].term.host`), so the HTTP edge needs no conversion.
 */
export class DslError extends AppError {
  readonly path: string;

  constructor(path: string, message: string, wireCode = 'SEARCH/INVALID_QUERY') {
    super('invalid_argument', message, { wireCode, parameters: { path } });
    this.name = 'DslError';
    this.path = path;
  }
}

/** The usual message shape: what is wrong, then where. */
export function dslError(path: string, problem: string): DslError {
  return new DslError(path, `${problem} at ${path}`);
}
