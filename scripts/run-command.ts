// The frame of the commands that work on the bakery database (backup, restore,
// verify): how they open it, how they name it, and how they end.
import { type AppConfig, databaseTarget } from '../src/server/config';
import { type DatabaseHandle, type OpenOptions, openDatabase } from '../src/server/db/connection';
import { DataDirInUseError } from '../src/server/db/data-dir-lock';

/**
 * Runs `main` and exits with the code it returns; a failure is reported as
 * "<name> failed: why", followed by `afterFailure`.
 */
export function runCommand(name: string, main: () => Promise<number>, afterFailure?: string) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      const why = error instanceof Error ? error.message : String(error);
      console.error(`${name} failed: ${why}`);
      if (afterFailure) console.error(afterFailure);
      process.exitCode = 1;
    },
  );
}

/**
 * The database the command works on (DATABASE_URL, else the embedded one in
 * DATA_DIR); null, after saying so, while a running app holds the embedded one.
 */
export async function openForCommand(
  config: AppConfig,
  action: 'backup' | 'restore' | 'verify',
  options: OpenOptions = {},
): Promise<DatabaseHandle | null> {
  try {
    // A command runs one statement at a time.
    return await openDatabase(databaseTarget(config, 2), options);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    const owner = /process (\d+)/.exec(error.message)?.[1];
    console.error(
      `The embedded database in ${config.dataDir} is in use by a running bakery app` +
        `${owner ? ` (process ${owner})` : ''}. Stop the app first, then run the ${action} again.`,
    );
    return null;
  }
}

/** How the commands name the database they work on. */
export function databaseLabel(database: DatabaseHandle, dataDir: string): string {
  return database.kind === 'postgres'
    ? 'the PostgreSQL database (DATABASE_URL)'
    : `the embedded database in ${dataDir}`;
}
