import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { startWebApp } from '../support/browser';

// Every browser test file ends by closing its app, which checks the roll-ups
// against their records (tests/support/browser.ts): that check must be able to fail.
test('closing the app fails when a roll-up no longer matches its records, and still closes it', async () => {
  const web = await startWebApp();
  await web.database.db.execute(
    sql`insert into rollup_days (day, sales_count, sales_value) values ('2026-01-05', 1, 100)`,
  );
  await expect(web.close()).rejects.toThrow(/roll-ups differ from their records.*rollup_days/);
  // Closed all the same: the listening socket is gone.
  await expect(fetch(`${web.baseUrl}/api/app-info`)).rejects.toThrow();
});
