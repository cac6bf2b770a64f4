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

type Damaged = (why: string) => BackupError;

/** The rows of one backup file as they stream in, table after table, checked against its header. */
class RowLoader {
  readonly counts: TableCount[] = [];
  current: { entry: BackupTable; insert: (json: string) => SQL; rows: number } | null = null;
  ended = false;
  private batch: string[] = [];
  private batchBytes = 0;

  constructor(
    private readonly tx: Transaction,
    private readonly header: BackupHeader,
    private readonly damaged: Damaged,
    private readonly onTable?: (table: TableCount) => void | Promise<void>,
  ) {}

  async line(line: string) {
    if (this.ended) throw this.damaged('data after the end');
    if (line.startsWith('{')) return this.row(line);
    const [kind, name, value] = this.controlOf(line);
    if (kind === 'table') return this.startTable(name);
    if (kind === 'rows') return this.endTable(name, value);
    if (kind === 'end') return this.end();
    throw this.damaged('unexpected line');
  }

  private controlOf(line: string): [unknown, unknown, unknown] {
    let control: unknown;
    try {
      control = JSON.parse(line);
    } catch {
      throw this.damaged(`unreadable line after ${this.counts.length} tables`);
    }
    if (!Array.isArray(control)) throw this.damaged('unexpected line');
    return control as [unknown, unknown, unknown];
  }

  private async row(line: string) {
    if (!this.current) throw this.damaged('a row outside any table');
    this.batch.push(line);
    this.batchBytes += line.length;
    this.current.rows += 1;
    if (this.batch.length >= INSERT_ROWS || this.batchBytes >= INSERT_BYTES) await this.flush();
  }

  private startTable(name: unknown) {
    const expected = this.header.tables[this.counts.length];
    if (this.current || !expected || expected.name !== name) {
      throw this.damaged(`table ${String(name)} out of place`);
    }
    this.current = { entry: expected, insert: insertStatement(expected), rows: 0 };
  }

  private async endTable(name: unknown, value: unknown) {
    const current = this.current;
    if (!current || current.entry.name !== name) throw this.damaged('row count out of place');
    await this.flush();
    if (value !== current.rows) {
      throw this.damaged(
        `${current.entry.name} has ${current.rows} rows, the backup says ${value}`,
      );
    }
    const done = { name: current.entry.name, rows: current.rows };
    this.counts.push(done);
    this.current = null;
    await this.onTable?.(done);
  }

  private end() {
    if (this.current || this.counts.length !== this.header.tables.length) {
      throw this.damaged('tables missing');
    }
    this.ended = true;
  }

  private async flush() {
    if (!this.current || this.batch.length === 0) return;
    const result = await this.tx.execute(this.current.insert(`[${this.batch.join(',')}]`));
    const inserted = affectedRows(result);
    if (inserted !== undefined && inserted !== this.batch.length) {
      throw this.damaged(`a row of ${this.current.entry.name} is not one JSON object`);
    }
    this.batch = [];
    this.batchBytes = 0;
  }
}

export async function loadRows(
  tx: Transaction,
  path: string,
  lines: AsyncGenerator<string>,
  header: BackupHeader,
  onTable?: (table: TableCount) => void | Promise<void>,
): Promise<TableCount[]> {
  const damaged: Damaged = (why) =>
    new BackupError('damaged', `The backup file ${path} is damaged or incomplete (${why}).`);
  const loader = new RowLoader(tx, header, damaged, onTable);
  try {
    for await (const line of lines) await loader.line(line);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    // zlib and file errors come from reading; anything else came from the database.
    if (isReadError(error)) throw readFailure(path, error, 'body');
    const where = loader.current ? ` while loading ${loader.current.entry.name}` : '';
    throw new BackupError(
      'damaged',
      `The backup file ${path} could not be loaded${where}: ${(error as Error).message}`,
    );
  }
  if (!loader.ended) throw damaged('its end is missing');
  return loader.counts;
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
