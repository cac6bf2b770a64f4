/** The Waste tab: write-offs over the dates, by bread and reason, against the loaves baked. */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { WasteReport } from '../../../domain/contracts/reports';
import type { WasteRecord } from '../../../domain/contracts/waste';
import { sumNaira } from '../../../domain/money';
import type { ReportQuery } from '../../../domain/reports';
import { businessDate } from '../../../domain/time';
import {
  WASTE_REASON_LABELS,
  WASTE_SOURCE_LABELS,
  type WasteReason,
  wastePercent,
} from '../../../domain/waste';
import { EXPORT_PAGE, everyPage, withTotal } from '../../csv-export';
import type { Database } from '../../db/connection';
import { type InstantRange, inRange } from '../../db/date-range';
import { cursorOf, olderThan } from '../../db/keyset';
import { breadWaste, productionBatches, users } from '../../db/schema';
import { toWasteRecord, writtenOffBy } from '../waste/record';

export interface WasteWindow extends InstantRange {
  timeZone: string;
}

/**
 * Loaves baked per bread in the window: batches completed in it (the loaves
 * exist from completion), read by production_batches_status_completed_idx.
 */
async function bakedByBread(db: Database, window: InstantRange) {
  const b = productionBatches;
  const rows = await db
    .select({
      recipeName: b.recipeName,
      loaves: sql<number>`coalesce(sum(${b.loavesProduced}), 0)::int`,
    })
    .from(b)
    .where(and(eq(b.status, 'completed'), inRange(b.completedAt, window)))
    .groupBy(b.recipeName);
  return new Map(rows.map((row) => [row.recipeName, row.loaves]));
}

interface Tally {
  loaves: number;
  costs: number[];
}

function add<K>(tallies: Map<K, Tally>, key: K, loaves: number, cost: number) {
  const tally = tallies.get(key) ?? { loaves: 0, costs: [] };
  tally.loaves += loaves;
  tally.costs.push(cost);
  tallies.set(key, tally);
}

export async function wasteReport(db: Database, window: WasteWindow): Promise<WasteReport> {
  const dated = inRange(breadWaste.createdAt, window);
  const [sums, baked] = await Promise.all([
    db
      .select({
        recipeName: breadWaste.recipeName,
        reason: breadWaste.reason,
        loaves: sql<number>`sum(${breadWaste.loaves})::int`,
        cost: sql<string>`sum(${breadWaste.cost})::text`,
      })
      .from(breadWaste)
      .where(dated)
      .groupBy(breadWaste.recipeName, breadWaste.reason)
      .orderBy(asc(breadWaste.recipeName), asc(breadWaste.reason)),
    bakedByBread(db, window),
  ]);
  const byBread = new Map<string, Tally>();
  const byReason = new Map<WasteReason, Tally>();
  for (const row of sums) {
    add(byBread, row.recipeName, row.loaves, Number(row.cost));
    add(byReason, row.reason as WasteReason, row.loaves, Number(row.cost));
  }
  const totalLoaves = sums.reduce((sum, row) => sum + row.loaves, 0);
  const loavesBaked = [...baked.values()].reduce((sum, loaves) => sum + loaves, 0);
  return {
    totalLoaves,
    totalCost: sumNaira(sums.map((row) => Number(row.cost))),
    loavesBaked,
    percentOfProduction: wastePercent(totalLoaves, loavesBaked),
    byBread: [...byBread].map(([recipeName, entry]) => ({
      recipeName,
      loaves: entry.loaves,
      cost: sumNaira(entry.costs),
      loavesBaked: baked.get(recipeName) ?? 0,
      percentOfProduction: wastePercent(entry.loaves, baked.get(recipeName) ?? 0),
    })),
    byReason: [...byReason].map(([reason, entry]) => ({
      reason,
      loaves: entry.loaves,
      cost: sumNaira(entry.costs),
    })),
  };
}

/** Write-offs in the window after a cursor, newest first. */
async function wasteAfter(
  db: Database,
  window: WasteWindow,
  before: string | undefined,
  limit: number,
): Promise<(WasteRecord & { cursor: string })[]> {
  const rows = await db
    .select({
      waste: breadWaste,
      by: writtenOffBy,
      cursor: cursorOf(breadWaste.createdAt, breadWaste.id),
    })
    .from(breadWaste)
    .leftJoin(users, eq(users.id, breadWaste.userId))
    .where(
      and(
        inRange(breadWaste.createdAt, window),
        olderThan(breadWaste.createdAt, breadWaste.id, before),
      ),
    )
    .orderBy(desc(breadWaste.createdAt), desc(breadWaste.id))
    .limit(limit);
  return rows.map((row) => ({ ...toWasteRecord(row.waste, row.by), cursor: row.cursor }));
}

/** Every write-off of the window as CSV, newest first, then the total loaves and cost. */
export function wasteCsv(db: Database, window: WasteWindow, dates: ReportQuery) {
  const pages = everyPage<WasteRecord & { cursor: string }>((last) =>
    wasteAfter(db, window, last?.cursor, EXPORT_PAGE),
  );
  const header = [
    'Date',
    'Bread Type',
    'Loaves',
    'Reason',
    'From',
    'Cost per Loaf',
    'Notes',
    'Cost',
  ];
  return {
    fileName: `waste-${dates.startDate ?? 'start'}-to-${dates.endDate ?? 'today'}.csv`,
    rows: withTotal(header, pages, {
      cells: (row) => [
        businessDate(new Date(row.createdAt), window.timeZone),
        row.recipeName,
        row.loaves,
        WASTE_REASON_LABELS[row.reason],
        WASTE_SOURCE_LABELS[row.source],
        row.costPerLoaf.toFixed(2),
        row.notes ?? '',
      ],
      amount: (row) => row.cost,
      count: (row) => row.loaves,
      total: (sum, loaves) => ['', 'Total Waste:', loaves, '', '', '', '', sum],
    }),
  };
}
