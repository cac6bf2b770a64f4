// `npm run backup [-- FILE]`: writes a consistent copy of the bakery database to
// FILE, by default backups/bakery-YYYYMMDD-HHmmss.backup (the bakery's time).
// Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR, which
// the app must not be running on. See "Backups" in the README.
import { readConfig } from '../src/server/config';
import { defaultBackupPath, formatBytes, formatCount } from '../src/server/db/backup/command-line';
import { writeBackup } from '../src/server/db/backup/dump';
import { databaseLabel, openForCommand, runCommand } from './run-command';

const USAGE = `Usage: npm run backup [-- FILE]

Writes a consistent copy of the bakery database to FILE
(default: backups/bakery-YYYYMMDD-HHmmss.backup, in the bakery's time zone).
Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR
(default ./data); stop the app first when it runs on the embedded database.`;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  if (args.length > 1 || args.some((arg) => arg.startsWith('-'))) {
    console.error(USAGE);
    return 2;
  }
  const config = readConfig();
  const path = args[0] ?? defaultBackupPath(config.timeZone);
  const started = performance.now();

  // As it is: a backup records the schema it finds, and refuses a folder with no database.
  const database = await openForCommand(config, 'backup', { migrate: false, create: false });
  if (!database) return 1;
  try {
    console.log(`Backing up ${databaseLabel(database, config.dataDir)}…`);
    const result = await writeBackup(database.db, path, {
      onTable: (table) => console.log(formatCount(table)),
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${result.totalRows.toLocaleString('en-NG')} rows in ${result.tables.length} tables ` +
        `(not included: ${result.excluded.join(', ')}), ${seconds.toFixed(1)} s.`,
    );
    console.log(`Backup written to ${path} (${formatBytes(result.bytes)}).`);
    return 0;
  } finally {
    await database.close();
  }
}

runCommand('Backup', main);
