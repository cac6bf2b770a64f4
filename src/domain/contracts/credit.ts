import { z } from 'zod';
import { moduleRight } from '../access';
import { idParamsSchema } from '../admin-schemas';
import { ageingSchema } from '../ageing';
import { creditPositionSchema, creditTermsSchema } from '../credit';
import { day } from '../fields';
import { defineRoute } from './contract';
import { distributorWithAccountSchema } from './distributors';

/** `?asOf=yyyy-MM-dd` (a bakery day, today when left out): the day the debts are aged at. */
export const ageingQuerySchema = z.strictObject({ asOf: day('As of').optional() });

export const ageingRowSchema = ageingSchema.extend({
  distributorId: z.string(),
  name: z.string(),
  archived: z.boolean(),
  creditLimit: z.number().nullable(),
  paymentTermsDays: z.number().nullable(),
  /** What it owes in all: the five buckets together. */
  balance: z.number(),
});
export type AgeingRow = z.infer<typeof ageingRowSchema>;

/** Receivables by distributor (those owing anything), most overdue first. */
export const ageingReportSchema = z.object({
  asOf: z.string(),
  rows: z.array(ageingRowSchema),
  totals: ageingSchema.extend({ balance: z.number() }),
});
export type AgeingReport = z.infer<typeof ageingReportSchema>;

export const creditPositionAnswerSchema = creditPositionSchema.extend({
  distributorId: z.string(),
  name: z.string(),
});
export type CreditPositionAnswer = z.infer<typeof creditPositionAnswerSchema>;

export const creditApi = {
  terms: defineRoute({
    method: 'PATCH',
    url: '/api/distributors/:id/credit',
    summary: "Set a distributor's credit limit and payment terms (null: none)",
    // Who may owe how much is a manager's decision, not a clerk's.
    access: moduleRight('distributors', 'delete'),
    audit: { action: 'distributors.credit', recordType: 'distributor' },
    params: idParamsSchema,
    body: creditTermsSchema,
    response: { 200: distributorWithAccountSchema },
  }),
  position: defineRoute({
    method: 'GET',
    url: '/api/distributors/:id/credit-position',
    summary:
      "A distributor's balance, credit limit and terms, as Record Sale and Dispatch show them",
    access: {
      kind: 'any-of',
      rules: [
        { module: 'distributors', right: 'read' },
        { module: 'sales', right: 'write' },
      ],
    },
    params: idParamsSchema,
    response: { 200: creditPositionAnswerSchema },
  }),
  ageing: defineRoute({
    method: 'GET',
    url: '/api/reports/ageing',
    summary: 'Receivables by distributor: current, 1–30, 31–60, 61–90 and over 90 days overdue',
    access: moduleRight('distributors', 'read'),
    query: ageingQuerySchema,
    response: { 200: ageingReportSchema },
  }),
  ageingCsv: defineRoute({
    method: 'GET',
    url: '/api/reports/ageing.csv',
    summary: 'The receivables ageing as CSV, every distributor owing anything and a total line',
    access: moduleRight('distributors', 'read'),
    query: ageingQuerySchema,
    response: { 200: z.string() },
    csv: true,
  }),
};
