// `npm run verify`: recomputes every roll-up from the records (sales, returns,
// payments, batches, orders) and lists each row that differs; exits 1 if any
// does. Uses DATABASE_URL when set, otherwise the embedded database in
// DATA_DIR, which the app must not be running on.
import { sql } from 'drizzle-orm';
import { readConfig } from '../src/server/config';
import { rowsOf } from '../src/server/db/raw-results';
import { rollupDifferences } from '../src/server/modules/accounts/rollups';
import { databaseLabel, openForCommand, runCommand } from './run-command';

async function main(): Promise<number> {
  const config = readConfig();
  // As it is: a check changes nothing, migrations included.
  const database = await openForCommand(config, 'verify', { migrate: false, create: false });
  if (!database) return 1;
  try {
    const [settings] = await rowsOf<{ time_zone: string }>(
      database.db,
      sql`select time_zone from rollup_settings`,
    );
    console.log(
      `Checking the roll-ups of ${databaseLabel(database, config.dataDir)} ` +
        `(days in ${settings?.time_zone ?? 'no recorded time zone'})…`,
    );
    if (settings && settings.time_zone !== config.timeZone) {
      console.log(`BAKERY_TZ is ${config.timeZone}: the app rebuilds them at its next start.`);
    }
    const differences = await rollupDifferences(database.db);
    for (const { rollup, key, stored, expected } of differences) {
      console.log(
        `${rollup} ${JSON.stringify(key)}: holds ${JSON.stringify(stored)}, the records give ${JSON.stringify(expected)}`,
      );
    }
    if (differences.length > 0) {
      console.log(`${differences.length} roll-up row(s) differ from the records.`);
      return 1;
    }
    console.log('Every roll-up equals the totals of its records.');
    return 0;
  } finally {
    await database.close();
  }
}

runCommand('Verify', main);
