import { z } from 'zod';
import { moduleRight } from '../access';
import { idParamsSchema } from '../admin-schemas';
import { PAYMENT_METHODS } from '../distributor-schemas';
import { letterheadSchema } from '../settings-schemas';
import { defineRoute, instant } from './contract';

/** The receipt sent by WhatsApp or SMS: the distributor's phone as +234… and the links that open it. */
export const receiptShareSchema = z.object({
  phone: z.string(),
  whatsappUrl: z.string(),
  smsUrl: z.string(),
});

export const receiptSchema = z.object({
  paymentId: z.string(),
  receiptNumber: z.number(),
  /** "RCT-000123". */
  label: z.string(),
  /** The bakery day it was received (yyyy-MM-dd) and the instant. */
  date: z.string(),
  createdAt: instant,
  distributor: z.object({
    id: z.string(),
    name: z.string(),
    phone: z.string(),
    address: z.string(),
  }),
  amount: z.number(),
  /** "Twelve thousand, five hundred naira and fifty kobo". */
  amountInWords: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  description: z.string().nullable(),
  /** Who took the money: full name, else username; "—" for payments from before receipts. */
  receivedBy: z.string(),
  letterhead: letterheadSchema,
  /** The short message that shares it. */
  message: z.string(),
  /** null when the distributor's phone cannot be made a +234 number. */
  share: receiptShareSchema.nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptsApi = {
  get: defineRoute({
    method: 'GET',
    url: '/api/distributor-payments/:id/receipt',
    summary:
      "A payment's receipt: number, date, distributor, amount in figures and words, method, who received it",
    access: moduleRight('distributors', 'read'),
    params: idParamsSchema,
    response: { 200: receiptSchema },
  }),
};
