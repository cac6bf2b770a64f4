// `npm run seed:demo [-- --force]`: loads 90 days of a demo bakery into the
// database the app uses (DATABASE_URL, else the embedded one in DATA_DIR).
import { parseArgs } from 'node:util';
import { formatNaira } from '../src/domain/money';
import { databaseTarget, readConfig } from '../src/server/config';
import { type DatabaseHandle, openDatabase } from '../src/server/db/connection';
import { DataDirInUseError } from '../src/server/db/data-dir-lock';
import { ensureStarterData } from '../src/server/db/starter-data';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/server/seed/catalog';
import { DEMO_DAYS, seedDemo } from '../src/server/seed/demo';
import { FORCE_FLAG, SeedRefusedError } from '../src/server/seed/existing-data';

const USAGE = `Usage: npm run seed:demo [-- ${FORCE_FLAG}]

Loads ${DEMO_DAYS} days of a demo bakery (stock, orders, recipes, production, sales,
distributors, accounts) into the database the app uses: DATABASE_URL when set,
else the embedded database in DATA_DIR (default ./data).

  ${FORCE_FLAG}   delete the bakery data already there first (users, stock, orders,
            recipes, production, sales, distributors; roles and permissions stay)`;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

let force = false;
try {
  const { values } = parseArgs({
    options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  force = values.force ?? false;
} catch (error) {
  fail(`${(error as Error).message}\n\n${USAGE}`, 2);
}

const config = readConfig();
let database: DatabaseHandle;
try {
  database = await openDatabase(databaseTarget(config, 2));
} catch (error) {
  if (error instanceof DataDirInUseError) {
    fail(
      `The embedded database in ${config.dataDir} is in use by a running bakery app.\n` +
        'Stop the app first (Ctrl+C where `npm start` runs), then run `npm run seed:demo` again.',
    );
  }
  fail(`Could not open the database: ${(error as Error).message}`);
}

const started = performance.now();
try {
  await ensureStarterData(database.db);
  const summary = await seedDemo(database.db, { force, timeZone: config.timeZone });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const n = (value: number) => value.toLocaleString('en-NG');
  const orders = summary.purchaseOrdersByStatus;
  const batches = summary.batchesByStatus;
  const where =
    database.kind === 'embedded' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL';
  console.log(
    [
      `Demo bakery loaded into ${where} in ${seconds} s: ${summary.firstDay} to ${summary.lastDay} (${config.timeZone}).`,
      '',
      `  Inventory        ${n(summary.inventoryItems)} items (${n(summary.lowStockItems)} low on stock), ${n(summary.stockMovements)} stock movements`,
      `  Purchase orders  ${n(summary.purchaseOrders)} (${n(orders.delivered)} delivered, ${n(orders.shipped)} shipped, ${n(orders.pending)} pending, ${n(orders.cancelled)} cancelled), ${formatNaira(summary.expenditure)} spent`,
      `  Recipes          ${n(summary.recipes)}`,
      `  Production       ${n(summary.productionBatches)} batches (${n(batches.completed)} completed, ${n(batches.cancelled)} cancelled, ${n(batches.in_progress)} in progress, ${n(batches.planned)} planned), ${n(summary.loavesProduced)} loaves`,
      `  Distributors     ${n(summary.distributors)} (${n(summary.archivedDistributors)} archived)`,
      `  Sales            ${n(summary.sales)} sales of ${n(summary.loavesSold)} loaves worth ${formatNaira(summary.salesValue)}`,
      `  Payments         ${n(summary.payments)}; ${formatNaira(summary.cashReceived)} received in all`,
      `  Returns          ${n(summary.returns)} (${n(summary.loavesReturned)} loaves)`,
      '',
      'Start the app with `npm start` and sign in (http://localhost:5000):',
      `  administrator    ${DEMO_USERS[0].username} / ${DEMO_PASSWORD}`,
      ...DEMO_USERS.filter((user) => !user.isAdmin).map(
        (user) => `  ${(user.role ?? 'no role').padEnd(16)} ${user.username} / ${DEMO_PASSWORD}`,
      ),
    ].join('\n'),
  );
} catch (error) {
  await database.close();
  if (error instanceof SeedRefusedError) fail(error.message);
  fail(`The demo data could not be loaded (nothing was changed): ${(error as Error).message}`);
}
await database.close();
