import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from './connection';
import { inOpenRequestTransaction } from './request-transaction';

type Reads = readonly (() => Promise<unknown>)[];
type Answers<T extends Reads> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * Several reads a screen needs: at once on the pool, where each takes a
 * connection of its own; one after another inside a transaction, whose one
 * connection node-postgres would otherwise queue them on (deprecated: pg@9
 * refuses a query sent while another runs). A write request's transaction is
 * reached through the app's handle too (request-transaction.ts).
 */
export async function readTogether<const T extends Reads>(
  db: Database | Transaction,
  reads: T,
): Promise<Answers<T>> {
  if (!(db instanceof PgTransaction) && !inOpenRequestTransaction()) {
    return (await Promise.all(reads.map((read) => read()))) as Answers<T>;
  }
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read());
  return answers as Answers<T>;
}
