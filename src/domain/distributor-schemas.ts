import { z } from 'zod';
import {
  breadType,
  isStorableText,
  nairaAmount,
  optionalNotes,
  PRICE_NEGATIVE,
  recordId,
  someFieldOf,
  someLoaves,
  storable,
} from './fields';
import { formatNaira } from './money';
import { pageSchema } from './paging';
import { recordedAt } from './recorded-at';

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .refine(isStorableText, storable(label))
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be less than ${max} characters` });

const distributorFields = {
  name: required('Name', 200),
  address: required('Address', 500),
  phone: required('Phone', 50).regex(/^\+?[0-9 ()-]{7,20}$/, {
    error: 'Enter a phone number: digits, spaces, +, - and brackets',
  }),
};

/** POST /api/distributors: name, address and phone, all required. */
export const distributorSchema = z.strictObject(distributorFields);
export type DistributorInput = z.input<typeof distributorSchema>;

/** PATCH /api/distributors/{id}: any of the same fields, at least one. */
export const distributorUpdateSchema = someFieldOf(z.strictObject(distributorFields).partial());
export type DistributorUpdateInput = z.input<typeof distributorUpdateSchema>;

export const distributorListQuerySchema = z.strictObject({
  includeArchived: z
    .enum(['true', 'false'], { error: 'includeArchived must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
});

export const PAYMENT_METHODS = ['cash', 'bank_transfer', 'mobile_money', 'check'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  bank_transfer: 'Bank Transfer',
  mobile_money: 'Mobile Money',
  check: 'Cheque',
};

export const PAYMENT_TOO_SMALL = 'Payment amount must be greater than 0';
/** Above 0 yet under a kobo: "greater than 0" would be true of it, so it is told the real least. */
export const PAYMENT_UNDER_A_KOBO = 'Amount must be at least ₦0.01';

/** POST /api/distributor-payments: at least 0.01, cash by default. */
export const paymentSchema = z.strictObject({
  distributorId: recordId('Choose a distributor'),
  // The minimum comes first, so 0.001 is told it is too small, not that it has 3 decimals.
  amount: z
    .number({ error: PAYMENT_TOO_SMALL })
    .gt(0, { error: PAYMENT_TOO_SMALL, abort: true })
    .min(0.01, { error: PAYMENT_UNDER_A_KOBO, abort: true })
    .pipe(nairaAmount(PAYMENT_TOO_SMALL, 'Payment amount')),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Choose a payment method' }).default('cash'),
  description: optionalNotes,
  /** When the payment was taken on the device, if it was sent later (issue 20). */
  recordedAt,
});
export type PaymentInput = z.input<typeof paymentSchema>;

export const RETURN_REASONS = ['spoiled', 'damaged', 'quality_issue', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  spoiled: 'Spoiled',
  damaged: 'Damaged',
  quality_issue: 'Quality Issue',
  other: 'Other',
};

/** POST /api/bread-returns: at least 1 loaf, spoiled by default (docs/screens/distributors.md). */
export const breadReturnSchema = z.strictObject({
  distributorId: recordId('Choose a distributor'),
  recipeName: breadType,
  loavesReturned: someLoaves('Must return at least 1 loaf'),
  pricePerLoaf: nairaAmount(PRICE_NEGATIVE, 'Price'),
  reason: z.enum(RETURN_REASONS, { error: 'Choose a reason' }).default('spoiled'),
  notes: optionalNotes,
  /** When the return was taken on the device, if it was sent later (issue 20). */
  recordedAt,
});
export type BreadReturnInput = z.input<typeof breadReturnSchema>;

/** `?distributorId=&limit=&offset=` for payment and return lists. */
export const recordListQuerySchema = pageSchema.extend({
  distributorId: recordId('distributorId must be an id').optional(),
});

/**
 * A return is credited at no more than the distributor paid for that bread:
 * the highest price among its sales of it, the sales the return is made against.
 */
export const returnPriceTooHigh = (maxPrice: number, recipeName: string) =>
  `Price per loaf cannot be more than ${formatNaira(maxPrice)}, the most this distributor paid for ${recipeName}`;
