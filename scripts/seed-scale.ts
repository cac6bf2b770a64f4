import { readConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/connection';
import { ensureStarterData } from '../src/server/db/starter-data';
import { FULL_SCALE, seedScale } from '../src/server/seed/scale';

const config = readConfig();
const started = performance.now();
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'embedded', dataDir: config.dataDir },
);
try {
  await ensureStarterData(database.db);
  const counts = await seedScale(database.db, FULL_SCALE);
  console.table(counts);
  console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await database.close();
}
