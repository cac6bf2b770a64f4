import { z } from 'zod';

/** `?limit=&offset=` for lists that grow without bound: 100 by default, 500 at most. */
export const pageSchema = z.strictObject({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(500, { error: 'limit must be at most 500' })
    .default(100),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int({ error: 'offset must be a whole number' })
    .min(0, { error: 'offset cannot be negative' })
    .default(0),
});
