/**
 * The body of a backup file, loaded into the tables its header names: each
 * table's rows in batches of INSERT … SELECT, its row count checked, and the
 * end line required, so a damaged or cut file fails the restore.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Transaction } from '../connection';
import { affectedRows } from '../raw-results';
import { ident, table } from './catalog';
import {
  BackupError,
  type BackupHeader,
  type BackupTable,
  isReadError,
  readFailure,
  type TableCount,
} from './format';

/** A restore inserts at most this many rows, or about this many bytes, per statement. */
const INSERT_ROWS = 5000;
const INSERT_BYTES = 4 * 1024 * 1024;

export async function loadRows(
  tx: Transaction,
  path: string,
  lines: AsyncGenerator<string>,
  header: BackupHeader,
  onTable?: (table: TableCount) => void | Promise<void>,
): Promise<TableCount[]> {
  const counts: TableCount[] = [];
  const damaged = (why: string) =>
    new BackupError('damaged', `The backup file ${path} is damaged or incomplete (${why}).`);

  let current: { entry: BackupTable; insert: (json: string) => SQL; rows: number } | null = null;
  let batch: string[] = [];
  let batchBytes = 0;
  let ended = false;

  const flush = async () => {
    if (!current || batch.length === 0) return;
    const result = await tx.execute(current.insert(`[${batch.join(',')}]`));
    const inserted = affectedRows(result);
    if (inserted !== undefined && inserted !== batch.length) {
      throw damaged(`a row of ${current.entry.name} is not one JSON object`);
    }
    batch = [];
    batchBytes = 0;
  };

  try {
    for await (const line of lines) {
      if (ended) throw damaged('data after the end');
      if (line.startsWith('{')) {
        if (!current) throw damaged('a row outside any table');
        batch.push(line);
        batchBytes += line.length;
        current.rows += 1;
        if (batch.length >= INSERT_ROWS || batchBytes >= INSERT_BYTES) await flush();
        continue;
      }
      let control: unknown;
      try {
        control = JSON.parse(line);
      } catch {
        throw damaged(`unreadable line after ${counts.length} tables`);
      }
      if (!Array.isArray(control)) throw damaged('unexpected line');
      const [kind, name, value] = control as [unknown, unknown, unknown];
      if (kind === 'table') {
        const expected = header.tables[counts.length];
        if (current || !expected || expected.name !== name) {
          throw damaged(`table ${String(name)} out of place`);
        }
        current = { entry: expected, insert: insertStatement(expected), rows: 0 };
      } else if (kind === 'rows') {
        if (!current || current.entry.name !== name) throw damaged('row count out of place');
        await flush();
        if (value !== current.rows) {
          throw damaged(`${current.entry.name} has ${current.rows} rows, the backup says ${value}`);
        }
        const done = { name: current.entry.name, rows: current.rows };
        counts.push(done);
        current = null;
        await onTable?.(done);
      } else if (kind === 'end') {
        if (current || counts.length !== header.tables.length) throw damaged('tables missing');
        ended = true;
      } else {
        throw damaged('unexpected line');
      }
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    // zlib and file errors come from reading; anything else came from the database.
    if (isReadError(error)) throw readFailure(path, error, 'body');
    const where = current ? ` while loading ${current.entry.name}` : '';
    throw new BackupError(
      'damaged',
      `The backup file ${path} could not be loaded${where}: ${(error as Error).message}`,
    );
  }
  if (!ended) throw damaged('its end is missing');
  return counts;
}

/** INSERT … SELECT from json_populate_recordset: PostgreSQL turns each JSON value into the column's type. */
function insertStatement(entry: BackupTable): (json: string) => SQL {
  const columns = sql.join(
    entry.columns.map((c) => ident(c.name)),
    sql`, `,
  );
  const values = sql.join(
    entry.columns.map((c) => (c.json ? sql`r.${ident(c.name)} -> 0` : sql`r.${ident(c.name)}`)),
    sql`, `,
  );
  return (json) =>
    sql`insert into ${table(entry.name)} (${columns}) overriding system value
        select ${values} from json_populate_recordset(null::${table(entry.name)}, ${json}::json) as r`;
}
