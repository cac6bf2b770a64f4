/** Column kinds every table shares: ids, money, rates, quantities, instants and roll-up totals. */
import { bigint, date, numeric, timestamp, uuid } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();

export const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

export const rate = (name: string) => numeric(name, { precision: 16, scale: 4, mode: 'number' });

export const quantity = (name: string) =>
  numeric(name, { precision: 14, scale: 3, mode: 'number' });

export const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => moment('created_at').notNull().defaultNow();

export const updatedAt = () => moment('updated_at').notNull().defaultNow();

// --- Roll-ups ----------------------------------------------------------------
// Per bakery day totals of the records reports and accounts add up, kept by
// statement-level triggers (migration 0007) in the same transaction as each
// write, so a date range of whole days is answered from them exactly. Their
// days are in rollup_settings' time zone; start-up rebuilds them when BAKERY_TZ
// differs (src/server/modules/accounts/rollups.ts), and `npm run verify`
// compares them with the raw rows. Like bread_ledger they are left out of backups.

export const total = (name: string, scale = 2) =>
  numeric(name, { precision: 20, scale, mode: 'number' }).notNull().default(0);

export const tally = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

export const day = (name: string) => date(name, { mode: 'string' });
