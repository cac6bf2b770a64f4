import { z } from 'zod';
import { moduleRight } from '../access';
import { idParamsSchema } from '../admin-schemas';
import { PAYMENT_METHODS, RETURN_REASONS } from '../distributor-schemas';
import { settlementQuerySchema, settlementSchema } from '../settlement';
import { defineRoute, instant } from './contract';
import { TRANSFER_STATUSES } from './pending-transfers';

const loadedLineSchema = z.object({
  recipeName: z.string(),
  loaded: z.number(),
  pricePerLoaf: z.number(),
  value: z.number(),
});

/** A settlement made: its returns and payment, and the summary as it stood then. */
export const settlementRecordSchema = z.object({
  id: z.string(),
  day: z.string(),
  returns: z.array(
    z.object({
      recipeName: z.string(),
      loaves: z.number(),
      reason: z.enum(RETURN_REASONS),
      pricePerLoaf: z.number(),
      value: z.number(),
    }),
  ),
  loavesLoaded: z.number(),
  valueLoaded: z.number(),
  loavesReturned: z.number(),
  valueReturned: z.number(),
  /** Loaded − returned. */
  netSold: z.number(),
  /** Value loaded − value returned. */
  netValue: z.number(),
  collected: z.number(),
  /** null when nothing was collected (no payment recorded). */
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  /** The payment recorded (its receipt); null while a transfer awaits confirmation, or none. */
  paymentId: z.string().nullable(),
  /**
   * Money collected by transfer while transfers need confirming: pending
   * (balance after leaves it out), confirmed or rejected. null otherwise.
   */
  transferStatus: z.enum(TRANSFER_STATUSES).nullable(),
  /** The distributor's balance once the settlement was recorded: above 0 it owes the bakery. */
  balanceAfter: z.number(),
  notes: z.string().nullable(),
  createdAt: instant,
});
export type SettlementRecord = z.infer<typeof settlementRecordSchema>;

/** A distributor dispatched that day: what was loaded, and its settlement once made. */
export const settlementSheetSchema = z.object({
  distributorId: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  loaded: z.array(loadedLineSchema),
  settlement: settlementRecordSchema.nullable(),
});
export type SettlementSheet = z.infer<typeof settlementSheetSchema>;

export const settlementDaySchema = z.object({
  day: z.string(),
  /** Only today's dispatch can be settled; earlier days' settlements are shown. */
  isToday: z.boolean(),
  sheets: z.array(settlementSheetSchema),
});
export type SettlementDay = z.infer<typeof settlementDaySchema>;

export const settlementApi = {
  day: defineRoute({
    method: 'GET',
    url: '/api/settlements',
    summary:
      'The distributors dispatched on a day (today unless given), each with what was loaded and its settlement',
    access: moduleRight('sales', 'read'),
    query: settlementQuerySchema,
    response: { 200: settlementDaySchema },
  }),
  settle: defineRoute({
    method: 'POST',
    url: '/api/settlements/:id',
    summary:
      "Settle a distributor's day: its returns (at the day's dispatch prices) and the money collected, recorded as returns and a payment in one transaction",
    // Settling records a payment and returns: the Distributors module's records.
    access: {
      kind: 'all-of',
      rules: [
        { module: 'sales', right: 'write' },
        { module: 'distributors', right: 'write' },
      ],
    },
    audit: { action: 'sales.settle', recordType: 'distributor' },
    params: idParamsSchema,
    body: settlementSchema,
    response: { 201: settlementSheetSchema },
    errors: [
      'NOT_FOUND',
      'SETTLEMENT_NOT_TODAY',
      'SETTLEMENT_NOT_DISPATCHED',
      'SETTLEMENT_ALREADY_MADE',
      'LOAVES_NOT_RETURNABLE',
    ],
  }),
};
