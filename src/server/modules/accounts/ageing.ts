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
    sql`with owing (distributor_id, balance) as (values ${values}),
      reach as (
        select m.distributor_id, m.month,
          sum(m.sales_value - m.paid_at_sale)
            over (partition by m.distributor_id order by m.month desc) as covered
        from rollup_distributor_months m join owing o on o.distributor_id = m.distributor_id
        where m.month < ${monthOf(asOf)}::date
      ),
      cut as (
        select o.distributor_id,
          (select max(r.month) from reach r
            where r.distributor_id = o.distributor_id and r.covered >= o.balance) as since
        from owing o
      )
      select d.distributor_id, d.day::text as day,
        sum(d.sales_value - d.paid_at_sale)::text as charged
      from rollup_distributor_bread_days d join cut c on c.distributor_id = d.distributor_id
      where d.day <= ${asOf}::date and (c.since is null or d.day >= c.since)
      group by d.distributor_id, d.day`,
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
