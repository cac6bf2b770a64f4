import type { WasteRecord } from '../../../domain/contracts/waste';
import type { WasteReason, WasteSource } from '../../../domain/waste';
import { type breadWaste, users } from '../../db/schema';
import { userName } from '../../db/user-name';

/** The name of who wrote loaves off, from a join on users. */
export const writtenOffBy = userName(users);

export function toWasteRecord(row: typeof breadWaste.$inferSelect, by: string | null): WasteRecord {
  return {
    id: row.id,
    recipeName: row.recipeName,
    loaves: row.loaves,
    reason: row.reason as WasteReason,
    source: row.source as WasteSource,
    breadReturnId: row.breadReturnId,
    costPerLoaf: row.costPerLoaf,
    cost: row.cost,
    notes: row.notes,
    writtenOffBy: by,
    createdAt: row.createdAt.toISOString(),
  };
}
