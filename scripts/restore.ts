// `npm run restore -- FILE [--force]`: replaces the bakery database with the
// backup in FILE, in one transaction. Uses DATABASE_URL when set, otherwise the
// embedded database in DATA_DIR (created when missing), which the app must not
// be running on. See "Backups" in the README.
import { readConfig } from '../src/server/config';
import { formatCount } from '../src/server/db/backup/command-line';
import { readBackupHeader, restoreBackup } from '../src/server/db/backup/restore';
import { databaseLabel, openForCommand, runCommand } from './run-command';

const USAGE = `Usage: npm run restore -- FILE [--force]

Replaces the bakery database with the backup in FILE. A database that already
holds data is replaced only with --force. Uses DATABASE_URL when set, otherwise
the embedded database in DATA_DIR (default ./data, created when missing); stop
the app first.`;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const files = args.filter((arg) => !arg.startsWith('-'));
  const flags = args.filter((arg) => arg.startsWith('-'));
  if (files.length !== 1 || flags.some((flag) => flag !== '--force')) {
    console.error(USAGE);
    return 2;
  }
  const path = files[0] as string;
  // `npm run restore FILE --force` (without --) gives --force to npm, which says so in npm_config_force.
  const force = flags.includes('--force') || process.env.npm_config_force === 'true';
  const config = readConfig();
  const started = performance.now();

  // Everything that can be checked without the database is checked first.
  const header = await readBackupHeader(path);
  console.log(
    `Backup of ${header.createdAt} (schema ${header.schema?.tag ?? 'unknown'}, ${header.tables.length} tables).`,
  );

  const database = await openForCommand(config, 'restore');
  if (!database) return 1;
  try {
    console.log(`Restoring into ${databaseLabel(database, config.dataDir)}…`);
    const result = await restoreBackup(database.db, path, {
      force,
      onTable: (table) => console.log(formatCount(table)),
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${result.totalRows.toLocaleString('en-NG')} rows in ${result.tables.length} tables restored in ${seconds.toFixed(1)} s` +
        `${result.replacedData ? ', replacing the data that was there' : ''}.`,
    );
    if (result.schemaRebuilt) {
      console.log(
        'The tables were re-created at the backup’s schema and migrated to this version.',
      );
    }
    console.log('Sessions are not restored: everyone signs in again. Start the app now.');
    return 0;
  } finally {
    await database.close();
  }
}

runCommand('Restore', main, 'Nothing was changed.');
