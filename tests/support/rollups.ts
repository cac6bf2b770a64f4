import { expect, it } from 'vitest';
import type { Database } from '../../src/server/db/connection';
import { rollupDifferences } from '../../src/server/modules/accounts/rollups';

/**
 * A last test for a file that writes: `npm run verify`'s check finds every
 * roll-up equal to the totals of its records. Call it after the file's tests.
 */
export function endsWithRollupsMatchingRecords(database: () => Database) {
  it('leaves every roll-up equal to the totals of its records (npm run verify)', async () => {
    expect(await rollupDifferences(database())).toEqual([]);
  });
}
