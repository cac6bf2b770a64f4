import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/connection';
import { affectedRows, rowsOf } from '../../db/raw-results';
import type { ScaleSize } from './size';

/** A moment in the bakery's selling hours (6:00 to 19:00 Lagos) on a day drawn from the span. */
const sellingMoment = (start: Date, days: number) =>
  sql`(date_trunc('day', ${start.toISOString()}::timestamptz at time zone 'Africa/Lagos')
      + floor(random() * ${days}) * interval '1 day'
      + interval '6 hours' + random() * interval '13 hours') at time zone 'Africa/Lagos'`;

/** Loaves of the newest baking a bread still has on the shelf when the data set ends. */
const FRESH_HOURS = 36;

/**
 * Bread keeps a day or two, so a bakery sells about all it bakes. The sales
 * are trimmed or topped up a loaf at a time, on random sales of each bread,
 * until what is left of it is exactly what its batches of the last
 * FRESH_HOURS made. Amounts paid never exceed a trimmed sale's value.
 */
async function sellAllButTheLastBake(tx: Transaction, now: Date) {
  const breads = await rowsOf<{ name: string; short: string }>(
    tx,
    sql`
    select b.recipe_name as name, (b.baked - b.fresh - coalesce(s.sold, 0))::text as short
    from (
      select recipe_name, sum(loaves_produced) as baked,
        coalesce(sum(loaves_produced) filter (
          where completed_at > ${now.toISOString()}::timestamptz - ${`${FRESH_HOURS} hours`}::interval), 0) as fresh
      from production_batches where status = 'completed' group by recipe_name
    ) b
    left join (
      select recipe_name, sum(loaves_taken) as sold from sales_transactions group by recipe_name
    ) s using (recipe_name)`,
  );
  for (const bread of breads) {
    let short = Number(bread.short);
    while (short !== 0) {
      const step = Math.sign(short);
      const changed = await tx.execute(sql`
        update sales_transactions
        set loaves_taken = loaves_taken + ${step},
            amount_paid = least(amount_paid, (loaves_taken + ${step}) * price_per_loaf)
        where id in (
          select id from sales_transactions
          where recipe_name = ${bread.name} and loaves_taken + ${step} >= 1
          order by random() limit ${Math.abs(short)})`);
      const count = affectedRows(changed) ?? 0;
      if (count === 0) throw new Error(`no sale of ${bread.name} can take a loaf more or less`);
      short -= step * count;
    }
  }
}

/** Sales spread over the selling hours, then payments, then returns each against one sale. */
export async function insertSalesAndMoney(
  tx: Transaction,
  size: ScaleSize,
  start: Date,
  now: Date,
) {
  const days = Math.floor((now.getTime() - start.getTime()) / 86_400_000);
  // Bread prices rise about 15% a year; distributors favour a few big buyers.
  await tx.execute(sql`
    insert into sales_transactions
      (distributor_id, recipe_name, loaves_taken, price_per_loaf, amount_paid, created_at)
    select s.distributor_id, s.name, s.loaves, s.price,
      case when s.pay_draw < 0.6 then s.loaves * s.price
           when s.pay_draw < 0.85 then round(s.loaves * s.price / 2, -2)
           else 0 end,
      s.at
    from (
      select d.name, dist.id as distributor_id, 1 + floor(r.loaves_draw * d.sale_loaves_max)::int as loaves,
        r.pay_draw, r.at,
        round(d.price * power(1.15, extract(epoch from r.at - ${start.toISOString()}::timestamptz) / 31557600 - ${size.years}) / 50) * 50 as price
      from generate_series(1, ${size.sales}) g
      cross join lateral (
        select random() + g * 0 as pick_draw, random() as who_draw, random() as loaves_draw,
               random() as pay_draw, ${sellingMoment(start, days)} as at
      ) r
      join seed_draw d on d.slot = 1 + floor(r.pick_draw * (select count(*) from seed_draw))
      join seed_distributors dist
        on dist.slot = 1 + floor(power(r.who_draw, 1.6) * (select count(*) from seed_distributors))
    ) s`);
  await sellAllButTheLastBake(tx, now);
  await tx.execute(sql`
    insert into distributor_payments (distributor_id, amount, payment_method, description, created_at)
    select dist.id, round((2000 + r.amount_draw * 12000)::numeric, -2),
      case when r.method_draw < 0.45 then 'cash' when r.method_draw < 0.8 then 'bank_transfer'
           when r.method_draw < 0.97 then 'mobile_money' else 'check' end,
      null, r.at
    from generate_series(1, ${size.payments}) g
    cross join lateral (
      select random() + g * 0 as who_draw, random() as amount_draw, random() as method_draw,
             ${sellingMoment(start, days)} as at
    ) r
    join seed_distributors dist
      on dist.slot = 1 + floor(power(r.who_draw, 1.6) * (select count(*) from seed_distributors))`);
  // Each return comes from one sale and never exceeds it; a sale is returned at most once.
  await tx.execute(sql`
    insert into bread_returns
      (distributor_id, recipe_name, loaves_returned, price_per_loaf, reason, notes, created_at)
    select s.distributor_id, s.recipe_name, 1 + floor(random() * least(3, s.loaves_taken))::int,
      s.price_per_loaf,
      (array['spoiled', 'spoiled', 'damaged', 'quality_issue', 'other'])[1 + floor(random() * 5)::int],
      null, least(s.created_at + interval '1 day', ${now.toISOString()}::timestamptz)
    from sales_transactions s
    where random() < ${(size.returns / size.sales) * 1.05}
    limit ${size.returns}`);
}
