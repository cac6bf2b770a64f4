import type { FieldError } from '../domain/errors';

/**
 * The one error type services throw. Its status is the HTTP status the client
 * gets; `errors` carries per-field messages that forms show beside the field.
 */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 429,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, errors?: FieldError[]) =>
  new AppError(400, message, errors);
export const notSignedIn = () => new AppError(401, 'Please sign in to continue');
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (what: string) => new AppError(404, `${what} not found`);
export const conflict = (message: string, errors?: FieldError[]) =>
  new AppError(409, message, errors);
