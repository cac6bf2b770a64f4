import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../../src/server/db/connection';
import {
  breadLedger,
  distributors,
  productionBatches,
  salesTransactions,
} from '../../src/server/db/schema';
import { availableLoaves } from '../../src/server/modules/sales/shelf';
import { Random } from '../../src/server/seed/random';
import { LAGOS_NOW } from '../support/fixtures';
import {
  MIGRATIONS_FOLDER,
  migrationsUpTo,
  openTestDatabase,
  unmigratedDatabase,
} from '../support/test-app';

let database: DatabaseHandle;
let distributorId: string;
beforeAll(async () => {
  database = await openTestDatabase();
  const [shop] = await database.db
    .insert(distributors)
    .values({ name: 'Mama Nkechi', address: 'Ojota', phone: '08031234567' })
    .returning();
  distributorId = shop?.id ?? '';
});
afterAll(() => database.close());

type Batch = { recipeName: string; status: string; loaves: number | null; completedAt: Date };

let numbered = 0;
const batchRow = ({ recipeName, status, loaves, completedAt }: Batch) => {
  numbered += 1;
  return {
    batchNumber: `L-${String(numbered).padStart(5, '0')}`,
    recipeName,
    flourKg: 10,
    status,
    completedAt: status === 'completed' ? completedAt : null,
    loavesProduced: loaves,
  };
};
const saleRow = (recipeName: string, loavesTaken: number) => ({
  distributorId,
  recipeName,
  loavesTaken,
  pricePerLoaf: 500,
});

/** Baked and sold per bread as the ledger has them; a bread at nought everywhere is left out. */
async function ledger(db: Database) {
  const rows = await db.select().from(breadLedger).orderBy(asc(breadLedger.recipeName));
  return rows
    .filter((row) => row.loavesBaked !== 0 || row.loavesSold !== 0)
    .map((row) => [row.recipeName, Number(row.loavesBaked), Number(row.loavesSold)]);
}

/** The same figures summed from every batch and sale. */
async function recomputed(db: Database) {
  const baked = await db
    .select({
      recipeName: productionBatches.recipeName,
      loaves: sql<string>`sum(coalesce(${productionBatches.loavesProduced}, 0))`,
    })
    .from(productionBatches)
    .where(eq(productionBatches.status, 'completed'))
    .groupBy(productionBatches.recipeName);
  const sold = await db
    .select({
      recipeName: salesTransactions.recipeName,
      loaves: sql<string>`sum(${salesTransactions.loavesTaken})`,
    })
    .from(salesTransactions)
    .groupBy(salesTransactions.recipeName);
  const names = [...new Set([...baked, ...sold].map((row) => row.recipeName))].sort();
  const of = (rows: typeof baked, name: string) =>
    Number(rows.find((row) => row.recipeName === name)?.loaves ?? 0);
  return names
    .map((name) => [name, of(baked, name), of(sold, name)])
    .filter(([, b, s]) => b !== 0 || s !== 0);
}

const at = (day: number) => new Date(Date.UTC(2026, 10, 1) + day * 86_400_000);

describe('the bread ledger', () => {
  it('follows every way batches and sales change, in bulk or one by one', async () => {
    const db = database.db;
    const check = async () => expect(await ledger(db)).toEqual(await recomputed(db));

    const inserted = await db
      .insert(productionBatches)
      .values([
        batchRow({ recipeName: 'Agege', status: 'completed', loaves: 400, completedAt: at(1) }),
        batchRow({ recipeName: 'Agege', status: 'completed', loaves: 380, completedAt: at(2) }),
        batchRow({ recipeName: 'Sliced', status: 'completed', loaves: 150, completedAt: at(2) }),
        batchRow({ recipeName: 'Sliced', status: 'planned', loaves: null, completedAt: at(3) }),
      ])
      .returning();
    await check();
    expect(await ledger(db)).toEqual([
      ['Agege', 780, 0],
      ['Sliced', 150, 0],
    ]);

    await db
      .insert(salesTransactions)
      .values([saleRow('Agege', 100), saleRow('Agege', 30), saleRow('Sliced', 20)]);
    await check();

    const planned = inserted[3]?.id ?? '';
    await db
      .update(productionBatches)
      .set({ status: 'completed', completedAt: at(3), loavesProduced: 90 })
      .where(eq(productionBatches.id, planned));
    await check();

    // A baker's miscount put right, a bread renamed on a sale, a batch cancelled afterwards.
    await db
      .update(productionBatches)
      .set({ loavesProduced: 95 })
      .where(eq(productionBatches.id, planned));
    await db
      .update(salesTransactions)
      .set({ recipeName: 'Sliced', loavesTaken: 31 })
      .where(eq(salesTransactions.loavesTaken, 30));
    await db
      .update(productionBatches)
      .set({ status: 'cancelled' })
      .where(eq(productionBatches.id, inserted[1]?.id ?? ''));
    await check();

    await db.delete(salesTransactions).where(eq(salesTransactions.recipeName, 'Sliced'));
    await check();
    expect(await ledger(db)).toEqual([
      ['Agege', 400, 100],
      ['Sliced', 245, 0],
    ]);

    await db.execute(sql`truncate table sales_transactions cascade`);
    await check();
    await db.execute(sql`truncate table sales_transactions, production_batches cascade`);
    expect(await ledger(db)).toEqual([]);
  });

  it('places the loaves left in the batches a full count would, oldest first, over many batches', async () => {
    const db = database.db;
    const random = new Random(2026);
    const breads = ['Coconut', 'Milk', 'Wheat'];
    const batches = Array.from({ length: 180 }, (_, n) =>
      batchRow({
        recipeName: random.pick(breads),
        status: random.chance(0.9) ? 'completed' : 'cancelled',
        loaves: random.chance(0.05) ? 0 : random.int(20, 60),
        // Two batches share each moment, so the batch number breaks the tie.
        completedAt: at(Math.floor(n / 2)),
      }),
    );
    await db.insert(productionBatches).values(batches);
    const baked = (bread: string) =>
      batches
        .filter((b) => b.recipeName === bread && b.status === 'completed')
        .reduce((sum, b) => sum + (b.loavesProduced ?? 0), 0);
    // Coconut sells out, Milk keeps a few loaves, Wheat keeps more than 50 batches' worth.
    const toSell = { Coconut: baked('Coconut'), Milk: baked('Milk') - 70, Wheat: 200 };
    for (const [bread, loaves] of Object.entries(toSell)) {
      let left = loaves;
      const rows = [];
      while (left > 0) {
        const take = Math.min(left, random.int(1, 40));
        rows.push(saleRow(bread, take));
        left -= take;
      }
      await db.insert(salesTransactions).values(rows);
    }

    const expected = breads
      .map((bread) => {
        let sold = toSell[bread as keyof typeof toSell];
        const held = batches
          .filter((b) => b.recipeName === bread && b.status === 'completed')
          .sort(
            (a, b) =>
              (a.completedAt?.getTime() ?? 0) - (b.completedAt?.getTime() ?? 0) ||
              a.batchNumber.localeCompare(b.batchNumber),
          )
          .map((b) => {
            const fromThis = Math.min(b.loavesProduced ?? 0, sold);
            sold -= fromThis;
            return { batchNumber: b.batchNumber, available: (b.loavesProduced ?? 0) - fromThis };
          })
          .filter((b) => b.available > 0);
        return {
          recipeName: bread,
          totalAvailable: held.reduce((sum, b) => sum + b.available, 0),
          batches: held,
        };
      })
      .filter((bread) => bread.totalAvailable > 0);

    const found = await availableLoaves(db, LAGOS_NOW);
    expect(
      found.map((bread) => ({
        recipeName: bread.recipeName,
        totalAvailable: bread.totalAvailable,
        batches: bread.batches.map((b) => ({ batchNumber: b.batchNumber, available: b.available })),
      })),
    ).toEqual(expected);
    expect(expected.map((bread) => bread.recipeName)).toEqual(['Milk', 'Wheat']);
    expect(expected[1]?.batches.length).toBeGreaterThan(50);
    expect(await availableLoaves(db, LAGOS_NOW, 'Milk')).toEqual(found.slice(0, 1));
  });

  it('is filled from the batches and sales already there when a database is upgraded to it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bakery-ledger-'));
    const old = await unmigratedDatabase();
    try {
      // The schema of the release before the ledger.
      const { folder, tags } = migrationsUpTo(4, dir);
      expect(tags.at(-1)).toBe('0003_audit_events');
      await old.migrate(folder);
      await old.db.execute(sql`
        insert into distributors (id, name, address, phone)
          values ('1b0e4f4e-2f59-4c2e-9a59-2d1b7d3d1a11', 'Iya Basira', 'Mushin', '08021234567')`);
      await old.db.execute(sql`
        insert into production_batches (batch_number, recipe_name, flour_kg, status, completed_at, loaves_produced)
          values ('OLD-1', 'Agege', 50, 'completed', now(), 1200),
                 ('OLD-2', 'Agege', 50, 'cancelled', null, null),
                 ('OLD-3', 'Sliced', 20, 'completed', now(), 300)`);
      await old.db.execute(sql`
        insert into sales_transactions (distributor_id, recipe_name, loaves_taken, price_per_loaf)
          values ('1b0e4f4e-2f59-4c2e-9a59-2d1b7d3d1a11', 'Agege', 250, 600),
                 ('1b0e4f4e-2f59-4c2e-9a59-2d1b7d3d1a11', 'Agege', 50, 600),
                 ('1b0e4f4e-2f59-4c2e-9a59-2d1b7d3d1a11', 'Sliced', 300, 900)`);
      await old.migrate(MIGRATIONS_FOLDER);
      expect(await ledger(old.db)).toEqual([
        ['Agege', 1200, 300],
        ['Sliced', 300, 300],
      ]);
      expect(
        (await availableLoaves(old.db, LAGOS_NOW)).map((b) => [b.recipeName, b.totalAvailable]),
      ).toEqual([['Agege', 900]]);
    } finally {
      await old.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
