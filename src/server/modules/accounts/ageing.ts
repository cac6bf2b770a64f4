/**
 * Receivables ageing from the roll-ups (src/domain/ageing.ts has the rule).
 * A balance sits on the newest sales, so only the days it reaches back to are
 * read: the month roll-up tells, per distributor, the latest whole month from
 * which the charges already cover the balance, and the daily roll-up is read
 * from that month on. A distributor who pays every week reads a few weeks of
 * rows whatever the length of its history.
 */
import { sql } from 'drizzle-orm';
import { type Ageing, ageBalance, type DayCharge, NOTHING_OWED } from '../../../domain/ageing';
import { monthOf } from '../../../domain/bakery-months';
import { toKobo } from '../../../domain/money';
import type { Database, Transaction } from '../../db/connection';
import { rowsOf } from '../../db/raw-results';

type Db = Database | Transaction;

/** A distributor's balance on the day it is aged at, and its payment terms. */
export interface Owing {
  distributorId: string;
  balance: number;
  paymentTermsDays: number | null;
}

/**
 * Each distributor's balance aged at `asOf` (a bakery day). The balances are
 * the caller's (from the account roll-ups, over the days up to `asOf`).
 */
export async function ageBalances(
  db: Db,
  owing: readonly Owing[],
  asOf: string,
): Promise<Map<string, Ageing>> {
  const ageings = new Map<string, Ageing>(owing.map((o) => [o.distributorId, NOTHING_OWED]));
  const inDebt = owing.filter((o) => toKobo(o.balance) > 0);
  if (inDebt.length === 0) return ageings;
  const values = sql.join(
    inDebt.map((o) => sql`(${o.distributorId}::uuid, ${String(o.balance)}::numeric)`),
    sql`, `,
  );
  const rows = await rowsOf<{ distributor_id: string; day: string; charged: string }>(
    db,
    // Materialized, so the cut is worked out once per distributor, not once per day row.
    sql`with owing (distributor_id, balance) as materialized (values ${values}),
      -- What the days of asOf's month so far charged: read below anyway.
      this_month as materialized (
        select o.distributor_id, o.balance, coalesce(sum(b.sales_value - b.paid_at_sale), 0) as charged
        from owing o left join rollup_distributor_bread_days b on b.distributor_id = o.distributor_id
          and b.day >= ${monthOf(asOf)}::date and b.day <= ${asOf}::date
        group by o.distributor_id, o.balance
      ),
      -- The first day to read: asOf's month if it covers the balance, else the
      -- latest earlier month from which the charges do (none: every day).
      cut as materialized (
        select t.distributor_id, t.balance,
          case when t.charged >= t.balance then ${monthOf(asOf)}::date else (
            select max(r.month) from (
              select m.month,
                sum(m.sales_value - m.paid_at_sale) over (order by m.month desc) as charged
              from rollup_distributor_months m
              where m.distributor_id = t.distributor_id and m.month < ${monthOf(asOf)}::date
            ) r where t.charged + r.charged >= t.balance
          ) end as since
        from this_month t
      )
      -- Each distributor's days from its cut on, newest first, by its own index
      -- range; a day holds part of the balance while the newer days charged less.
      select c.distributor_id, w.day::text as day, w.charged::text as charged
      from cut c cross join lateral (
        select d.day, d.charged, sum(d.charged) over (order by d.day desc) - d.charged as newer
        from (
          select b.day, greatest(sum(b.sales_value - b.paid_at_sale), 0) as charged
          from rollup_distributor_bread_days b
          where b.distributor_id = c.distributor_id
            and b.day >= coalesce(c.since, '-infinity'::date) and b.day <= ${asOf}::date
          group by b.day
        ) d
      ) w
      where w.charged > 0 and w.newer < c.balance`,
  );
  const charges = new Map<string, DayCharge[]>();
  for (const row of rows) {
    const list = charges.get(row.distributor_id) ?? [];
    list.push({ day: row.day, charged: Number(row.charged) });
    charges.set(row.distributor_id, list);
  }
  for (const o of inDebt) {
    ageings.set(
      o.distributorId,
      ageBalance(o.balance, charges.get(o.distributorId) ?? [], o.paymentTermsDays, asOf),
    );
  }
  return ageings;
}

/** A balance to age, with the value of every sale to the distributor up to the day it is aged at. */
export interface OwingWithSales extends Owing {
  salesValue: number;
}

/** At most this many ageings are kept: a day's for 500 distributors, ten times over. */
const KEPT_AGEINGS = 5_000;
const keptAgeings = new Map<string, Ageing>();

/**
 * `ageBalances` for many distributors at once (the cards, the ageing report,
 * the dashboard), working out again only the ones whose account changed.
 * Sales are never edited or removed, only added, so the same sales value up
 * to `asOf` means the same sales, hence the same charges per day; with the
 * same balance and terms the ageing is the same. That content is the key, so
 * a kept ageing can never be out of date, whatever process wrote meanwhile:
 * after one sale the 500 cards age one balance again, not 500 (~130 ms at
 * five years on the embedded database). docs/decisions.md, "Performance".
 */
export async function ageBalancesKept(
  db: Db,
  owing: readonly OwingWithSales[],
  asOf: string,
): Promise<Map<string, Ageing>> {
  const keyOf = (o: OwingWithSales) =>
    `${asOf}|${o.distributorId}|${o.paymentTermsDays ?? ''}|${toKobo(o.balance)}|${toKobo(o.salesValue)}`;
  const ageings = new Map<string, Ageing>();
  const unknown: OwingWithSales[] = [];
  for (const o of owing) {
    const kept = keptAgeings.get(keyOf(o));
    if (kept) ageings.set(o.distributorId, kept);
    else unknown.push(o);
  }
  const worked = await ageBalances(db, unknown, asOf);
  for (const o of unknown) {
    const ageing = worked.get(o.distributorId) ?? NOTHING_OWED;
    ageings.set(o.distributorId, ageing);
    keptAgeings.set(keyOf(o), ageing);
  }
  // A Map keeps its insertion order: the oldest go first.
  for (const key of keptAgeings.keys()) {
    if (keptAgeings.size <= KEPT_AGEINGS) break;
    keptAgeings.delete(key);
  }
  return ageings;
}
