// What the backup and restore commands print, and the file a backup goes to by default.
import { join } from 'node:path';
import { zonedParts } from '../../../domain/time';
import type { TableCount } from './format';

/** backups/bakery-YYYYMMDD-HHmmss.backup, in the bakery's time zone. */
export function defaultBackupPath(timeZone: string, now = new Date()): string {
  const clock = zonedParts(now, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  const stamp = `${clock.year}${two(clock.month)}${two(clock.day)}-${two(clock.hour)}${two(clock.minute)}${two(clock.second)}`;
  return join('backups', `bakery-${stamp}.backup`);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** One line of the scripts' output: a table and its rows. */
export function formatCount(table: TableCount): string {
  return `  ${table.name.padEnd(24)} ${table.rows.toLocaleString('en-NG').padStart(12)}`;
}
