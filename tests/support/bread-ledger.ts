import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connection';
import { rowsOf } from '../../src/server/db/raw-results';

/**
 * The breads whose stale and wasted counts in the bread ledger differ from
 * the sums of their rows (stale_loaves, bread_waste by source): none when the
 * triggers kept them.
 */
export function ledgerMismatches(db: Database) {
  return rowsOf<{ recipe_name: string }>(
    db,
    sql`
    select l.recipe_name from bread_ledger l
    where l.loaves_gone_stale <> coalesce((select sum(loaves) from stale_loaves s where s.recipe_name = l.recipe_name), 0)
       or l.loaves_wasted_fresh <> coalesce((select sum(loaves) from bread_waste w where w.recipe_name = l.recipe_name and w.source = 'fresh'), 0)
       or l.loaves_wasted_stale <> coalesce((select sum(loaves) from bread_waste w where w.recipe_name = l.recipe_name and w.source = 'stale'), 0)`,
  );
}
