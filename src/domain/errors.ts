import { z } from 'zod';
import { errorCodes } from './error-codes';

export {
  codeOfStatus,
  ERROR_CODES,
  type ErrorCode,
  type ErrorStatus,
  errorCodes,
} from './error-codes';

export const fieldErrorSchema = z.object({
  /** Dotted path of the field, e.g. `items.0.quantity`. */
  path: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The JSON body of every error the API returns (docs/api.md, "Errors"). */
export const apiErrorBodySchema = z.object({
  message: z.string(),
  code: z.enum(errorCodes),
  errors: z.array(fieldErrorSchema).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
