import { ERROR_CODES, type ErrorCode, type ErrorStatus, type FieldError } from '../domain/errors';

/**
 * The one error type services throw. Its code (src/domain/errors.ts) fixes the
 * HTTP status the client gets; `errors` carries per-field messages that forms
 * show beside the field.
 */
export class AppError extends Error {
  readonly status: ErrorStatus;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_CODES[code].status;
  }
}

export const badRequest = (message: string, errors?: FieldError[]) =>
  new AppError('INVALID_INPUT', message, errors);
export const notSignedIn = () => new AppError('NOT_SIGNED_IN', 'Please sign in to continue');
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);
export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
