import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/connection';

/**
 * Opening stock, then one delivered order per ingredient and week covering a
 * little more than that week used; the store room's other items are bought
 * every quarter and used up by hand adjustments. The latest week's orders
 * are still awaiting delivery, so the dashboard has orders to chase.
 */
export async function insertOrders(tx: Transaction, start: Date, now: Date) {
  await tx.execute(sql`
    insert into stock_movements (item_id, quantity_change, reason, created_at)
    select id, round(min_stock * 2, 3), 'initial_stock', created_at from inventory_items`);
  await tx.execute(sql`
    create temporary table seed_orders on commit drop as
    with weekly as (
      select m.item_id, date_trunc('week', m.created_at) as week, -sum(m.quantity_change) as used
      from stock_movements m where m.reason = 'production'
      group by 1, 2
    ), quarterly as (
      select i.id as item_id, q as week, i.min_stock * 3 as used
      from inventory_items i
      cross join generate_series(date_trunc('quarter', ${start.toISOString()}::timestamptz),
                                 ${now.toISOString()}::timestamptz, interval '3 months') q
      where not exists (select 1 from seed_lines l where l.item_id = i.id)
    ), wanted as (
      select item_id, week, ceil(used * 1.03) as quantity from weekly
      union all
      select item_id, week, ceil(used) from quarterly
    )
    select w.item_id, w.quantity, i.unit_cost, i.supplier,
      greatest(w.week - interval '2 days' + interval '9 hours', ${start.toISOString()}::timestamptz) as ordered_at,
      row_number() over (order by w.week, i.name) as n,
      w.week >= ${now.toISOString()}::timestamptz - interval '7 days' as awaiting
    from wanted w join inventory_items i on i.id = w.item_id`);
  await tx.execute(sql`
    insert into purchase_orders
      (order_number, supplier, status, items, total_amount, order_date, expected_delivery,
       delivered_date, created_at, updated_at)
    select 'PO-' || to_char(ordered_at at time zone 'Africa/Lagos', 'YYYYMMDD') || '-' || lpad(n::text, 6, '0'),
      supplier,
      case when not awaiting then 'delivered' when n % 2 = 0 then 'shipped' else 'pending' end,
      jsonb_build_array(jsonb_build_object('itemId', item_id, 'quantity', quantity,
        'unitCost', unit_cost, 'totalCost', round(quantity * unit_cost, 2))),
      round(quantity * unit_cost, 2),
      ordered_at, ordered_at + interval '2 days',
      case when not awaiting then ordered_at + interval '1 day' end,
      ordered_at, ordered_at + interval '1 day'
    from seed_orders`);
  await tx.execute(sql`
    insert into stock_movements (item_id, quantity_change, reason, reference_type, reference_id, created_at)
    select (o.items -> 0 ->> 'itemId')::uuid, (o.items -> 0 ->> 'quantity')::numeric, 'receipt',
           'purchase_order', o.id, o.delivered_date
    from purchase_orders o where o.status = 'delivered'`);
  // Sundries are used up over the quarter they were bought for.
  await tx.execute(sql`
    insert into stock_movements (item_id, quantity_change, reason, created_at)
    select (o.items -> 0 ->> 'itemId')::uuid, -floor((o.items -> 0 ->> 'quantity')::numeric * 0.95),
           'manual_adjustment', least(o.delivered_date + interval '80 days', ${now.toISOString()}::timestamptz)
    from purchase_orders o
    where o.status = 'delivered'
      and not exists (select 1 from seed_lines l where l.item_id = (o.items -> 0 ->> 'itemId')::uuid)`);
  await tx.execute(sql`
    update inventory_items i set current_stock = s.total, updated_at = ${now.toISOString()}::timestamptz
    from (select item_id, sum(quantity_change) as total from stock_movements group by item_id) s
    where s.item_id = i.id`);
}
