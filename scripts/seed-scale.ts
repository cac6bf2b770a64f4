// `npm run seed:scale [-- --force] [-- --years=1]`: five years (or the years
// asked for) of a large bakery, generated in the database the app uses
// (DATABASE_URL, else the embedded one in DATA_DIR).
import { parseArgs } from 'node:util';
import { databaseTarget, readConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/connection';
import { DataDirInUseError } from '../src/server/db/data-dir-lock';
import { ensureStarterData } from '../src/server/db/starter-data';
import { DEMO_PASSWORD } from '../src/server/seed/catalog';
import { SeedRefusedError } from '../src/server/seed/existing-data';
import { scaleOf, seedScale } from '../src/server/seed/scale';

const { values } = parseArgs({
  options: {
    force: { type: 'boolean', default: false },
    years: { type: 'string', default: '5' },
  },
});
const years = Number(values.years);
if (!(years > 0 && years <= 50)) {
  console.error(`--years must be a number of years above 0 (at most 50), not "${values.years}"`);
  process.exit(1);
}
const config = readConfig();
const started = performance.now();
const database = await openDatabase(databaseTarget(config)).catch((error: unknown) => {
  console.error(
    error instanceof DataDirInUseError
      ? `The embedded database in ${config.dataDir} is in use by a running bakery app: stop it first.`
      : `Could not open the database: ${(error as Error).message}`,
  );
  process.exit(1);
});
try {
  await ensureStarterData(database.db);
  const counts = await seedScale(database.db, { size: scaleOf(years), force: values.force });
  console.table(counts);
  console.log(`Generated in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  console.log(`Sign in as demo / ${DEMO_PASSWORD}.`);
} catch (error) {
  if (!(error instanceof SeedRefusedError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
