import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businessDateRange } from '../../../src/domain/time';
import { buildApp } from '../../../src/server/app';
import { openDatabase } from '../../../src/server/db/connection';
import { rowsOf } from '../../../src/server/db/raw-results';
import {
  distributorPayments,
  distributors,
  rollupDistributorBreadDays,
  rollupDistributorPaymentDays,
  rollupOrderDays,
  rollupSettings,
  salesTransactions,
} from '../../../src/server/db/schema';
import {
  matchRollupTimeZone,
  rollupDifferences,
} from '../../../src/server/modules/accounts/rollups';
import { distributorStatement } from '../../../src/server/modules/distributors/statement';
import { Random } from '../../../src/server/seed/random';
import { testConfig } from '../../support/test-app';
import { db, EARLY, emptyRecords, LAGOS, LATE, noDrift, setUpRollupsDatabase, shop } from './setup';

setUpRollupsDatabase();

describe('the roll-ups time zone', () => {
  it('rebuilds every roll-up when the time zone changes, and only then', async () => {
    await emptyRecords();
    await db.insert(salesTransactions).values({
      distributorId: shop(0),
      recipeName: 'Agege',
      loavesTaken: 1,
      pricePerLoaf: 500,
      createdAt: EARLY,
    });
    const days = async () =>
      (await db.select().from(rollupDistributorBreadDays)).map((row) => row.day);
    expect(await days()).toEqual(['2026-02-01']);
    expect(await matchRollupTimeZone(db, 'UTC')).toEqual({ was: LAGOS, rebuilt: true });
    expect(await days()).toEqual(['2026-01-31']);
    await noDrift();
    // Writes after the change are kept in the new zone too.
    await db
      .insert(distributorPayments)
      .values({ distributorId: shop(1), amount: 5, createdAt: EARLY });
    expect((await db.select().from(rollupDistributorPaymentDays))[0]?.day).toBe('2026-01-31');
    expect(await matchRollupTimeZone(db, 'UTC')).toEqual({ was: 'UTC', rebuilt: false });
    expect(await matchRollupTimeZone(db, LAGOS)).toEqual({ was: 'UTC', rebuilt: true });
    expect(await days()).toEqual(['2026-02-01']);
    expect(await db.select().from(rollupSettings)).toEqual([{ id: true, timeZone: LAGOS }]);
    await noDrift();
  });
});

describe('start-up', () => {
  it('rebuilds the roll-ups when BAKERY_TZ is not the zone they were built in', async () => {
    await db.insert(salesTransactions).values({
      distributorId: shop(2),
      recipeName: 'Sliced',
      loavesTaken: 2,
      pricePerLoaf: 650,
      createdAt: EARLY,
    });
    const app = await buildApp({ config: testConfig({ timeZone: 'UTC' }), db });
    await app.close();
    expect(await db.select().from(rollupSettings)).toEqual([{ id: true, timeZone: 'UTC' }]);
    const [row] = await db
      .select()
      .from(rollupDistributorBreadDays)
      .where(eq(rollupDistributorBreadDays.distributorId, shop(2)));
    expect(row?.day).toBe('2026-01-31');
    await noDrift();
    await matchRollupTimeZone(db, LAGOS);
  });
});

describe('a statement on the roll-ups', () => {
  it('opens with the balance before its first day and carries the balance across pages and days', async () => {
    const [shopRow] = await db
      .insert(distributors)
      .values({ name: 'Statement Shop', address: 'Ikeja', phone: '08030000001' })
      .returning();
    const id = shopRow?.id ?? '';
    const random = new Random(7);
    // 2026-01-10 to 01-14 in Lagos, many records in the hour either side of midnight.
    const at = (n: number) =>
      new Date(Date.UTC(2026, 0, 10) + (n % 5) * 86_400_000 - 3_600_000 + random.int(0, 7_199_999));
    await db.insert(salesTransactions).values(
      Array.from({ length: 450 }, (_, n) => ({
        distributorId: id,
        recipeName: 'Agege',
        loavesTaken: random.int(1, 30),
        pricePerLoaf: random.int(30_000, 90_000) / 100,
        amountPaid: random.chance(0.3) ? random.int(0, 500_000) / 100 : 0,
        createdAt: at(n),
      })),
    );
    await db.insert(distributorPayments).values(
      Array.from({ length: 400 }, (_, n) => ({
        distributorId: id,
        amount: random.int(1, 900_000) / 100,
        createdAt: at(n),
      })),
    );
    const startDate = '2026-01-11';
    const query = { startDate, endDate: '2026-01-13' };
    const now = new Date(Date.UTC(2026, 1, 1));
    const first = await distributorStatement(db, id, query, LAGOS, now);
    const [before] = await rowsOf<{ balance: string }>(
      db,
      sql`select (coalesce((select sum(loaves_taken * price_per_loaf - amount_paid) from sales_transactions
            where distributor_id = ${id} and created_at < ${businessDateRange(startDate, LAGOS).start}), 0)
          - coalesce((select sum(amount) from distributor_payments
            where distributor_id = ${id} and created_at < ${businessDateRange(startDate, LAGOS).start}), 0))::text as balance`,
    );
    expect(first.openingBalance).toBe(Number(before?.balance));
    expect(first.nextCursor).toBeDefined();
    const second = await distributorStatement(
      db,
      id,
      { ...query, after: first.nextCursor },
      LAGOS,
      now,
    );
    const last = first.lines.at(-1);
    const next = second.lines[0];
    expect(next && last && Math.round((next.balance - next.charge + next.credit) * 100)).toBe(
      last && Math.round(last.balance * 100),
    );
    expect(second.lines.at(-1)?.balance).toBe(second.closingBalance);
    expect(second.nextCursor).toBeUndefined();
  });
});

describe('npm run verify', () => {
  it('lists a planted difference and exits 1, and reports none once it is put right', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bakery-verify-'));
    try {
      const embedded = await openDatabase({ kind: 'embedded', dataDir });
      const [mine] = await embedded.db
        .insert(distributors)
        .values({ name: 'Drift Test', address: 'Yaba', phone: '08030000000' })
        .returning();
      await embedded.db.insert(distributorPayments).values({
        distributorId: mine?.id ?? '',
        amount: 700,
        createdAt: LATE,
      });
      expect(await rollupDifferences(embedded.db)).toEqual([]);
      // Drift planted behind the triggers' back: a changed total and a row with no records.
      await embedded.db.update(rollupDistributorPaymentDays).set({ payments: 699.99 });
      await embedded.db
        .insert(rollupOrderDays)
        .values({ day: '2026-03-01', ordersCount: 1, expenditure: 10 });
      const planted = await rollupDifferences(embedded.db);
      expect(planted).toEqual([
        {
          rollup: 'rollup_distributor_payment_days',
          key: { distributor_id: mine?.id, day: '2026-01-31' },
          stored: expect.objectContaining({ payments: 699.99, payments_count: 1 }),
          expected: expect.objectContaining({ payments: 700, payments_count: 1 }),
        },
        {
          rollup: 'rollup_order_days',
          key: { day: '2026-03-01' },
          stored: { day: '2026-03-01', orders_count: 1, expenditure: 10 },
          expected: null,
        },
      ]);
      await embedded.close();

      const run = () =>
        spawnSync(process.execPath, ['--import', 'tsx', 'scripts/verify.ts'], {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', BAKERY_TZ: LAGOS },
          encoding: 'utf8',
        });
      const drifted = run();
      expect(drifted.status).toBe(1);
      expect(drifted.stdout).toContain('rollup_distributor_payment_days');
      expect(drifted.stdout).toContain('rollup_order_days {"day":"2026-03-01"}');
      expect(drifted.stdout).toContain('2 roll-up row(s) differ from the records.');

      const reopened = await openDatabase({ kind: 'embedded', dataDir });
      await reopened.db.execute(sql`select rollup_rebuild()`);
      await reopened.close();
      const clean = run();
      expect(clean.stdout).toContain('Every roll-up equals the totals of its records.');
      expect(clean.status).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
