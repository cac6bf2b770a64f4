import { z } from 'zod';
import { moduleRight } from '../access';
import { idParamsSchema } from '../admin-schemas';
import { ageingSchema } from '../ageing';
import {
  breadReturnSchema,
  distributorListQuerySchema,
  distributorSchema,
  distributorUpdateSchema,
  PAYMENT_METHODS,
  paymentSchema,
  RETURN_REASONS,
  recordListQuerySchema,
} from '../distributor-schemas';
import { PAYMENT_STATUSES } from '../receipts';
import { REMINDER_CHANNELS, REMINDER_KINDS } from '../reminders';
import { STATEMENT_KINDS, statementPageQuerySchema, statementQuerySchema } from '../statement';
import { defineRoute, instant } from './contract';

export const distributorRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  /** Deleted while it had records: off the active list, kept for its history. */
  archived: z.boolean(),
  createdAt: instant,
  updatedAt: instant,
});
export type Distributor = z.infer<typeof distributorRecordSchema>;

/** The card's figures (docs/rules/money.md: the balance formula). */
export const distributorWithAccountSchema = distributorRecordSchema.extend({
  /** Sum of loaves taken × price per loaf. */
  totalOwed: z.number(),
  /** Amount paid on sales plus separate payments. */
  totalPaid: z.number(),
  /** Sum of loaves returned × price per loaf. */
  totalReturns: z.number(),
  /** Owed − paid − returns: above 0 the distributor owes the bakery. */
  balance: z.number(),
  /** The most it may owe (null: no limit) and days from a sale to its due day (null: the same day). */
  creditLimit: z.number().nullable(),
  paymentTermsDays: z.number().nullable(),
  /** The balance by how long it has been due, today (issue 19). */
  ageing: ageingSchema,
  /** The last statement or reminder sent to it, or null. */
  lastReminder: z
    .object({ at: instant, kind: z.enum(REMINDER_KINDS), channel: z.enum(REMINDER_CHANNELS) })
    .nullable(),
});
export type DistributorWithAccount = z.infer<typeof distributorWithAccountSchema>;

/** An active distributor as the sale form offers it: nothing of its account. */
export const distributorOptionSchema = z.object({ id: z.string(), name: z.string() });
export type DistributorOption = z.infer<typeof distributorOptionSchema>;

/** A distributor with records is archived instead of deleted; the message says which happened. */
export const distributorDeleteResultSchema = z.object({
  action: z.enum(['deleted', 'archived']),
  message: z.string(),
});

export const distributorPaymentSchema = z.object({
  id: z.string(),
  distributorId: z.string(),
  /** Its name, so a list of payments needs no list of distributors (archived ones too). */
  distributorName: z.string(),
  amount: z.number(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  description: z.string().nullable(),
  createdAt: instant,
  /**
   * recorded: credited, with its receipt. pending_confirmation: a transfer
   * kept aside until a manager confirms it (`id` is the pending transfer's;
   * no receipt yet), while the confirmTransfers setting is on.
   */
  status: z.enum(PAYMENT_STATUSES),
  receiptNumber: z.number().nullable(),
  /** "RCT-000123"; null while pending. */
  receiptLabel: z.string().nullable(),
});
export type DistributorPayment = z.infer<typeof distributorPaymentSchema>;

export const breadReturnRecordSchema = z.object({
  id: z.string(),
  distributorId: z.string(),
  recipeName: z.string(),
  loavesReturned: z.number(),
  pricePerLoaf: z.number(),
  reason: z.enum(RETURN_REASONS),
  notes: z.string().nullable(),
  createdAt: instant,
});
export type BreadReturn = z.infer<typeof breadReturnRecordSchema>;

/**
 * A bread the distributor may still return, the price it last paid (the
 * form's default credit) and the most it paid (the limit).
 */
export const returnableBreadSchema = z.object({
  recipeName: z.string(),
  returnable: z.number(),
  lastPrice: z.number(),
  maxPrice: z.number(),
});
export type ReturnableBread = z.infer<typeof returnableBreadSchema>;

export const statementLineSchema = z.object({
  kind: z.enum(STATEMENT_KINDS),
  id: z.string(),
  at: instant,
  description: z.string(),
  /** What the distributor was charged (a sale's value). */
  charge: z.number(),
  /** What reduces the debt (paid at sale, a payment, a return's value). */
  credit: z.number(),
  /** The balance after this line. */
  balance: z.number(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const statementSchema = z.object({
  distributor: distributorRecordSchema,
  startDate: z.string(),
  endDate: z.string(),
  openingBalance: z.number(),
  totalCharges: z.number(),
  totalCredits: z.number(),
  closingBalance: z.number(),
  /**
   * At most STATEMENT_PAGE lines, from `after` when it was given; their
   * running balance counts every line before them. The totals cover the
   * whole range.
   */
  lines: z.array(statementLineSchema),
  /** Present when more lines follow: the `after` of the next page. */
  nextCursor: z.string().optional(),
  /** The closing balance by how long it has been due, at the end date (or today, if sooner). */
  ageing: ageingSchema,
  ageingAsOf: z.string(),
  paymentTermsDays: z.number().nullable(),
});
export type Statement = z.infer<typeof statementSchema>;

const read = moduleRight('distributors', 'read');
const write = moduleRight('distributors', 'write');
const distributorWrite = { recordType: 'distributor' } as const;

export const distributorsApi = {
  list: defineRoute({
    method: 'GET',
    url: '/api/distributors',
    summary: 'Active distributors by name with their accounts, or with includeArchived=true all',
    access: read,
    query: distributorListQuerySchema,
    response: { 200: z.array(distributorWithAccountSchema) },
  }),
  options: defineRoute({
    method: 'GET',
    url: '/api/distributors/options',
    summary: 'Active distributors by name: ids and names only, for the sale form',
    // The sale form's choice of distributor: names and ids, no addresses or accounts.
    access: {
      kind: 'any-of',
      rules: [
        { module: 'distributors', right: 'read' },
        { module: 'sales', right: 'write' },
      ],
    },
    response: { 200: z.array(distributorOptionSchema) },
  }),
  get: defineRoute({
    method: 'GET',
    url: '/api/distributors/:id',
    summary: 'One distributor with its account',
    access: read,
    params: idParamsSchema,
    response: { 200: distributorWithAccountSchema },
  }),
  create: defineRoute({
    method: 'POST',
    url: '/api/distributors',
    summary: 'Add a distributor, active, with an empty account',
    access: write,
    audit: { action: 'distributors.create', ...distributorWrite },
    body: distributorSchema,
    response: { 201: distributorWithAccountSchema },
  }),
  update: defineRoute({
    method: 'PATCH',
    url: '/api/distributors/:id',
    summary: "Change a distributor's name, address or phone",
    access: write,
    audit: { action: 'distributors.update', ...distributorWrite },
    params: idParamsSchema,
    body: distributorUpdateSchema,
    response: { 200: distributorWithAccountSchema },
  }),
  remove: defineRoute({
    method: 'DELETE',
    url: '/api/distributors/:id',
    summary:
      'Delete a distributor, or archive it when it has sales, payments, returns, prices or orders',
    // Archiving is what delete does to a distributor with records; unarchiving undoes it.
    access: moduleRight('distributors', 'delete'),
    audit: { action: 'distributors.delete', ...distributorWrite },
    params: idParamsSchema,
    response: { 200: distributorDeleteResultSchema },
    errors: ['DISTRIBUTOR_ALREADY_ARCHIVED'],
  }),
  unarchive: defineRoute({
    method: 'PATCH',
    url: '/api/distributors/:id/unarchive',
    summary: 'Bring an archived distributor back onto the active list',
    access: moduleRight('distributors', 'delete'),
    audit: { action: 'distributors.unarchive', ...distributorWrite },
    params: idParamsSchema,
    response: { 200: z.object({ message: z.string() }) },
    errors: ['DISTRIBUTOR_NOT_ARCHIVED'],
  }),
  returnable: defineRoute({
    method: 'GET',
    url: '/api/distributors/:id/returnable',
    summary: 'Breads the distributor may still return, with the prices it paid',
    access: read,
    params: idParamsSchema,
    response: { 200: z.array(returnableBreadSchema) },
  }),
  statement: defineRoute({
    method: 'GET',
    url: '/api/distributors/:id/statement',
    summary: "A distributor's sales, payments and returns over the dates, with running balance",
    access: read,
    params: idParamsSchema,
    query: statementPageQuerySchema,
    response: { 200: statementSchema },
  }),
  statementCsv: defineRoute({
    method: 'GET',
    url: '/api/distributors/:id/statement.csv',
    summary: 'The whole statement over the dates as CSV, opening to closing balance',
    access: read,
    params: idParamsSchema,
    query: statementQuerySchema,
    response: { 200: z.string() },
    csv: true,
  }),
  payments: defineRoute({
    method: 'GET',
    url: '/api/distributor-payments',
    summary: "Payments, newest first, or one distributor's",
    access: read,
    query: recordListQuerySchema,
    response: { 200: z.array(distributorPaymentSchema) },
  }),
  pay: defineRoute({
    method: 'POST',
    url: '/api/distributor-payments',
    summary:
      'Record a payment from a distributor, archived ones too; a transfer waits for confirmation while the setting asks',
    access: write,
    audit: { action: 'distributors.payment', recordType: 'distributor_payment' },
    body: paymentSchema,
    response: { 201: distributorPaymentSchema },
    errors: ['NOT_FOUND'],
  }),
  returns: defineRoute({
    method: 'GET',
    url: '/api/bread-returns',
    summary: "Bread returns, newest first, or one distributor's",
    access: read,
    query: recordListQuerySchema,
    response: { 200: z.array(breadReturnRecordSchema) },
  }),
  giveBack: defineRoute({
    method: 'POST',
    url: '/api/bread-returns',
    summary: 'Record loaves a distributor brings back, credited at no more than it paid',
    access: write,
    audit: { action: 'distributors.return', recordType: 'bread_return' },
    body: breadReturnSchema,
    response: { 201: breadReturnRecordSchema },
    errors: ['NOT_FOUND', 'LOAVES_NOT_RETURNABLE'],
  }),
};
