/**
 * Credit limits and terms per distributor (issue 19): what a sale or a
 * dispatch may add to a balance, and how a user with the right lets one
 * through anyway.
 */
import { z } from 'zod';
import { isStorableText, nairaAmount, storable } from './fields';
import { formatNaira, fromKobo, type Kobo, toKobo } from './money';

export const MAX_PAYMENT_TERMS_DAYS = 365;

/**
 * PATCH /api/distributors/{id}/credit: both optional (null: no limit, due the
 * day of the sale). Changing them needs Distributors delete (the manager's right).
 */
export const creditTermsSchema = z.strictObject({
  creditLimit: nairaAmount('Credit limit cannot be negative', 'Credit limit').nullable(),
  paymentTermsDays: z
    .number({ error: 'Payment terms must be a number of days' })
    .int({ error: 'Payment terms must be whole days' })
    .min(0, { error: 'Payment terms cannot be negative' })
    .max(MAX_PAYMENT_TERMS_DAYS, {
      error: `Payment terms must be at most ${MAX_PAYMENT_TERMS_DAYS} days`,
    })
    .nullable(),
});
export type CreditTermsInput = z.input<typeof creditTermsSchema>;

export const OVERRIDE_REASON_REQUIRED = 'Give a reason for going over the credit limit';

/** Why a sale over the limit is let through: a sentence a manager will read later. */
export const creditOverrideReason = z
  .string({ error: OVERRIDE_REASON_REQUIRED })
  .refine(isStorableText, storable('Reason'))
  .trim()
  .min(3, { error: OVERRIDE_REASON_REQUIRED })
  .max(500, { error: 'Reason must be less than 500 characters' });

/** A distributor's account as a sale form shows it before the sale. */
export const creditPositionSchema = z.object({
  balance: z.number(),
  creditLimit: z.number().nullable(),
  paymentTermsDays: z.number().nullable(),
  /** What may still be sold on credit before the limit; null with no limit. */
  headroom: z.number().nullable(),
});
export type CreditPosition = z.infer<typeof creditPositionSchema>;

export function creditPosition(
  balance: number,
  creditLimit: number | null,
  paymentTermsDays: number | null,
): CreditPosition {
  const headroom =
    creditLimit === null ? null : fromKobo((toKobo(creditLimit) - toKobo(balance)) as Kobo);
  return { balance, creditLimit, paymentTermsDays, headroom };
}

/** The balance after a sale of that value with that much paid at it, in kobo. */
export function balanceAfterSale(balance: number, value: number, paidAtSale: number): number {
  return fromKobo((toKobo(balance) + toKobo(value) - toKobo(paidAtSale)) as Kobo);
}

/**
 * Over the limit is a balance after the sale above it. A sale that does not
 * raise the balance (paid in full) is never refused, even for a distributor
 * already over.
 */
export function isOverLimit(
  balanceBefore: number,
  balanceAfter: number,
  creditLimit: number | null,
): boolean {
  if (creditLimit === null) return false;
  return toKobo(balanceAfter) > toKobo(creditLimit) && toKobo(balanceAfter) > toKobo(balanceBefore);
}

export const overLimitMessage = (name: string, balanceAfter: number, creditLimit: number) =>
  `This would take ${name}'s balance to ${formatNaira(balanceAfter)}, over the credit limit of ` +
  `${formatNaira(creditLimit)}. A manager (Distributors delete right) can allow it with a reason.`;

export const OVERRIDE_NOT_ALLOWED =
  'Only a manager (Distributors delete right) can allow a sale over the credit limit';
