import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/connection';
import type { ScaleSize } from './size';

/**
 * Batches spread evenly over the span, each bread drawn by its share; the
 * last few are still planned or in progress.
 */
export async function insertBatches(tx: Transaction, size: ScaleSize, start: Date, now: Date) {
  const span = sql`(${now.toISOString()}::timestamptz - ${start.toISOString()}::timestamptz)`;
  await tx.execute(sql`
    insert into production_batches
      (batch_number, recipe_id, recipe_name, flour_kg, dough_size_grams, status,
       started_at, completed_at, loaves_produced, created_at)
    select
      'BATCH-' || to_char(b.created_at at time zone 'Africa/Lagos', 'YYYYMMDD') || '-' ||
        lpad((row_number() over (partition by (b.created_at at time zone 'Africa/Lagos')::date
                                 order by b.g))::text, 3, '0'),
      b.recipe_id, b.name, b.flour_kg, null, b.status,
      case when b.status = 'planned' then null else b.created_at + interval '20 minutes' end,
      case when b.status = 'completed'
        then b.created_at + interval '20 minutes' + make_interval(mins => b.minutes) end,
      case when b.status = 'completed'
        then round(b.flour_kg * b.loaves_per_kg * (0.95 + 0.1 * b.yield_draw))::int end,
      b.created_at
    from (
      select g, d.recipe_id, d.name, d.loaves_per_kg, d.minutes, r.yield_draw,
        (d.sizes ->> (floor(r.size_draw * jsonb_array_length(d.sizes)))::int)::numeric as flour_kg,
        ${start.toISOString()}::timestamptz + ${span} * ((g - 0.5) / ${size.batches}) as created_at,
        case
          when g > ${size.batches} - 2 then 'planned'
          when g > ${size.batches} - 4 then 'in_progress'
          when r.cancel_draw < 0.02 then 'cancelled'
          else 'completed'
        end as status
      from generate_series(1, ${size.batches}) g
      cross join lateral (
        select random() + g * 0 as pick_draw, random() as size_draw,
               random() as yield_draw, random() as cancel_draw
      ) r
      join seed_draw d on d.slot = 1 + floor(r.pick_draw * (select count(*) from seed_draw))
    ) b`);
  // Batches take their ingredients when they are created; a cancelled one
  // gives them back an hour later.
  await tx.execute(sql`
    insert into stock_movements (item_id, quantity_change, reason, reference_type, reference_id, created_at)
    select l.item_id, -round(l.per_kg * b.flour_kg, 3), 'production', 'production_batch', b.id, b.created_at
    from production_batches b join seed_lines l on l.recipe_id = b.recipe_id`);
  await tx.execute(sql`
    insert into stock_movements (item_id, quantity_change, reason, reference_type, reference_id, created_at)
    select l.item_id, round(l.per_kg * b.flour_kg, 3), 'production_cancelled', 'production_batch', b.id,
           b.created_at + interval '1 hour'
    from production_batches b join seed_lines l on l.recipe_id = b.recipe_id
    where b.status = 'cancelled'`);
}
