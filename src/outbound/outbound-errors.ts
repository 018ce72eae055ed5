import { invalidArgument, type AppError } from '../shared/app-error.js';

/** The errors of outbound requests: the only one a client sees is a URL refused when it is saved. */
export const outboundErrors = {
  /** The URL's host is, or resolves to, an address user URLs may not reach; which one is not told. */
  refusedUrl: (field: string): AppError =>
    invalidArgument(`${field} must be a public http or https URL: its host is, or resolves to, an address that is not allowed`, {
      parameters: { field, rule: 'outbound-address' },
    }),
};

/** Why a request was not sent or not answered; for the service's own records, never for the client. */
export class OutboundFailure extends Error {
  constructor(readonly reason: 'refused-address' | 'unresolved' | 'bad-url') {
    super(reason);
    this.name = 'OutboundFailure';
  }
}
