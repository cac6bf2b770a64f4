import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database, Transaction } from './connection';

const requestTransaction = new AsyncLocalStorage<Transaction>();

/**
 * The database as the app uses it: while a write request runs in its own
 * transaction (`inRequestTransaction`), every query made through this handle,
 * by any service, joins that transaction, and so does a service's own
 * `transaction()`: a savepoint would cost two more round trips, one of them
 * while the write holds its row locks (the ledger's, the roll-ups'), and an
 * error inside it rolls the whole request back anyway. Anywhere else it is
 * the database itself.
 *
 * The embedded database runs one transaction at a time, so a query sent to
 * the database beside an open request transaction would wait for it for
 * ever: routing through the one handle rules that out.
 */
export function requestScoped(db: Database): Database {
  return new Proxy(db, {
    get(target, property) {
      const open = requestTransaction.getStore();
      if (open && property === 'transaction') {
        return <T>(work: (tx: Transaction) => Promise<T>) => work(open);
      }
      const source = open ?? target;
      const value: unknown = Reflect.get(source, property, source);
      return typeof value === 'function' ? value.bind(source) : value;
    },
  });
}

/** Whether the code running now is inside a write request's transaction. */
export const inOpenRequestTransaction = (): boolean => requestTransaction.getStore() !== undefined;

/**
 * Runs a request's work in one transaction, then `beforeCommit` last inside
 * it, so what that writes (the audit row) commits with the work or not at all.
 * Both reach the transaction through the `requestScoped` handle.
 */
export function inRequestTransaction<T>(
  db: Database,
  work: () => Promise<T>,
  beforeCommit: (result: T) => Promise<void>,
): Promise<T> {
  return db.transaction((tx) =>
    requestTransaction.run(tx, async () => {
      const result = await work();
      await beforeCommit(result);
      return result;
    }),
  );
}
