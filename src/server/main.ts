import { buildApp } from './app';
import { databaseTarget, readConfig } from './config';
import { openDatabase } from './db/connection';
import { maintainDaily, maintainIfDue } from './db/maintenance';

async function main() {
  const config = readConfig();
  const database = await openDatabase(databaseTarget(config));
  // PGlite has no autovacuum: without this its planner never has statistics.
  const maintainedNow = database.kind === 'embedded' && (await maintainIfDue(database.db));
  const stopMaintaining =
    database.kind === 'embedded'
      ? maintainDaily(database.db, (error) => console.error('VACUUM (ANALYZE) failed', error))
      : () => {};
  const app = await buildApp({
    config,
    db: database.db,
    logger: true,
    changes: database.changes,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    stopMaintaining();
    try {
      await app.close();
    } finally {
      // Closing the embedded database writes it out cleanly and frees DATA_DIR.
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    database.kind === 'embedded'
      ? `Bakery is open on port ${config.port} (embedded database in ${config.dataDir})`
      : `Bakery is open on port ${config.port} (PostgreSQL)`,
  );
  if (maintainedNow) app.log.info('The embedded database was vacuumed and analyzed');
}

main().catch((error: unknown) => {
  console.error(
    `Bakery could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
