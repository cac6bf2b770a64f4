import { sql } from 'drizzle-orm';
import type { Transaction } from './connection';

/**
 * Waits for the lock named `key` ("bakery:item-names") and holds it until the
 * transaction ends. Writers that check and then insert under one key take
 * turns: a row that does not exist yet cannot be locked, so two of them could
 * otherwise both see a name or number free and both take it.
 */
export async function lockFor(tx: Transaction, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}
