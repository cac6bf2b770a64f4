import { z } from 'zod';
import { creditOverrideReason } from './credit';
import {
  breadType,
  nairaAmount,
  optionalNotes,
  PRICE_NEGATIVE,
  recordId,
  someLoaves,
} from './fields';
import { fromKobo, multiplyKobo, subtractKobo, toKobo } from './money';
import { recordedAt } from './recorded-at';
import { countOf } from './words';

/** POST /api/sales-transactions (docs/screens/sales.md). */
export const saleSchema = z.strictObject({
  distributorId: recordId('Choose a distributor'),
  recipeName: breadType,
  loavesTaken: someLoaves('Must take at least 1 loaf'),
  pricePerLoaf: nairaAmount(PRICE_NEGATIVE, 'Price'),
  amountPaid: nairaAmount('Amount paid cannot be negative', 'Amount paid').default(0),
  notes: optionalNotes,
  /** Given by a manager to sell beyond the distributor's credit limit (issue 19). */
  creditOverrideReason: creditOverrideReason.optional(),
  /** When the sale was made on the device, if it was sent later (issue 20). */
  recordedAt,
});
export type SaleInput = z.input<typeof saleSchema>;

/** Loaves × price per loaf, exact to the kobo. */
export function loavesAvailableMessage(recipeName: string, available: number): string {
  if (available === 0) return `No loaves of ${recipeName} are available`;
  return `Only ${countOf(available, 'loaf')} of ${recipeName} ${available === 1 ? 'is' : 'are'} available`;
}

export function loavesValue(loaves: number, pricePerLoaf: number): number {
  return fromKobo(multiplyKobo(toKobo(pricePerLoaf), loaves));
}

/**
 * How much more than the sale's value was paid (0 when not more): the excess
 * becomes the distributor's credit, so the form asks before saving it.
 */
export function overpaidBy(sale: Pick<SaleInput, 'loavesTaken' | 'pricePerLoaf' | 'amountPaid'>) {
  const paid = sale.amountPaid ?? 0;
  if (![sale.loavesTaken, sale.pricePerLoaf, paid].every(Number.isFinite)) return 0;
  const excess = subtractKobo(
    toKobo(paid),
    toKobo(loavesValue(sale.loavesTaken, sale.pricePerLoaf)),
  );
  return excess > 0 ? fromKobo(excess) : 0;
}
