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
        select o.distributor_id, coalesce(sum(b.sales_value - b.paid_at_sale), 0) as charged
        from owing o left join rollup_distributor_bread_days b on b.distributor_id = o.distributor_id
          and b.day >= ${monthOf(asOf)}::date and b.day <= ${asOf}::date
        group by o.distributor_id
      ),
      reach as materialized (
        select m.distributor_id, m.month,
          t.charged + sum(m.sales_value - m.paid_at_sale)
            over (partition by m.distributor_id order by m.month desc) as covered
        from this_month t join rollup_distributor_months m on m.distributor_id = t.distributor_id
        where m.month < ${monthOf(asOf)}::date
      ),
      cut as materialized (
        select o.distributor_id,
          case when t.charged >= o.balance then ${monthOf(asOf)}::date
            else max(r.month) filter (where r.covered >= o.balance) end as since
        from owing o join this_month t on t.distributor_id = o.distributor_id
          left join reach r on r.distributor_id = o.distributor_id
        group by o.distributor_id, t.charged, o.balance
      ),
      -- Each distributor's days from its cut on, by its own index range.
      days as (
        select c.distributor_id, d.day, d.charged
        from cut c cross join lateral (
          select b.day, greatest(sum(b.sales_value - b.paid_at_sale), 0) as charged
          from rollup_distributor_bread_days b
          where b.distributor_id = c.distributor_id
            and b.day >= coalesce(c.since, '-infinity'::date) and b.day <= ${asOf}::date
          group by b.day
        ) d
      ),
      -- What the newer days charged: a day holds part of the balance while that is less.
      walked as (
        select distributor_id, day, charged,
          sum(charged) over (partition by distributor_id order by day desc) - charged as newer
        from days
      )
      select w.distributor_id, w.day::text as day, w.charged::text as charged
      from walked w join owing o on o.distributor_id = w.distributor_id
      where w.charged > 0 and w.newer < o.balance`,
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
