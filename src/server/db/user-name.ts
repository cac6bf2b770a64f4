import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A user's name as records show who made them: first and last name, else the
 * username. `user` is the users table, or an alias of it when a row names two users.
 */
export const userName = (user: {
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  username: AnyPgColumn;
}) =>
  sql<
    string | null
  >`coalesce(nullif(trim(concat_ws(' ', ${user.firstName}, ${user.lastName})), ''), ${user.username})`;
