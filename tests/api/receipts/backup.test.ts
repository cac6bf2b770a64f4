import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PendingTransfer } from '../../../src/domain/contracts/pending-transfers';
import { writeBackup } from '../../../src/server/db/backup/dump';
import { restoreBackup } from '../../../src/server/db/backup/restore';
import { created } from '../../support/fixtures';
import { createTestApp, openTestDatabase } from '../../support/test-app';
import { signIn, tempDirs } from '../backup/support';
import { confirmTransfers, owing, pay, setUpReceiptsApp, testApp } from './setup';

setUpReceiptsApp();
const tempDir = tempDirs();

describe('a backup', () => {
  it('keeps pending transfers, and a restore numbers receipts on from the highest', async () => {
    const shop = await owing('Backed Up Stores');
    const numbers: number[] = [];
    for (const amount of [100, 200, 300]) {
      numbers.push((await created(pay(shop, amount))).receiptNumber as number);
    }
    await confirmTransfers(true);
    const held = await created(pay(shop, 750, { paymentMethod: 'mobile_money' }));
    expect(held).toMatchObject({ status: 'pending_confirmation', receiptNumber: null });

    const file = join(tempDir(), 'receipts.backup');
    await writeBackup(testApp.database.db, file);
    const target = await openTestDatabase();
    await restoreBackup(target.db, file);
    const restored = await createTestApp({}, target);
    try {
      const clerk = await signIn(restored, 'clerk');
      const manager = await signIn(restored, 'manager');
      const pending = await manager.get<PendingTransfer[]>('/api/pending-transfers');
      expect(pending.body).toEqual([
        expect.objectContaining({ id: held.id, amount: 750, status: 'pending', paymentId: null }),
      ]);
      const next = await created(
        clerk.post<{ receiptNumber: number }>('/api/distributor-payments', {
          distributorId: shop.id,
          amount: 50,
        }),
      );
      expect(next.receiptNumber).toBe(Math.max(...numbers) + 1);
      const confirmed = await manager.post<PendingTransfer>(
        `/api/pending-transfers/${held.id}/confirm`,
      );
      expect(confirmed.body.receiptNumber).toBe(Math.max(...numbers) + 2);
    } finally {
      await restored.close();
    }
  });
});
