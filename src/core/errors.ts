// The one error type core throws. Transports map `code` to their own vocabulary
// (HTTP status, CLI exit code); core never knows about either.
export type DomainErrorCode =
  | 'invalid' // the input breaks a rule
  | 'unauthorized' // not signed in, or the credentials are wrong
  | 'forbidden' // signed in, but not allowed
  | 'not_found'
  | 'conflict' // clashes with existing data or the current state
  | 'rate_limited' // too many attempts in a short time
  | 'quota_exhausted'; // a usage quota or budget is used up until it resets

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    /** Seconds until a rate-limited call may be tried again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string) => new DomainError('invalid', message);
export const unauthorized = (message: string) => new DomainError('unauthorized', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const notFound = (message: string) => new DomainError('not_found', message);
export const conflict = (message: string) => new DomainError('conflict', message);
