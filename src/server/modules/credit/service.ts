/**
 * Credit control (issue 19): the account a sale is checked against, the
 * check itself (under a per-distributor lock, so two sales cannot both fit
 * under the limit), and the receivables ageing report.
 */
import { eq } from 'drizzle-orm';
import {
  AGEING_BUCKET_LABELS,
  AGEING_BUCKETS,
  addAgeings,
  NOTHING_OWED,
} from '../../../domain/ageing';
import type { AgeingReport, AgeingRow } from '../../../domain/contracts/credit';
import {
  balanceAfterSale,
  type CreditPosition,
  creditPosition,
  isOverLimit,
  OVERRIDE_NOT_ALLOWED,
  overLimitMessage,
} from '../../../domain/credit';
import { type CsvRow, csvAmount } from '../../../domain/csv';
import { sumNaira, toKobo } from '../../../domain/money';
import { hasRight } from '../../../domain/permissions';
import type { CurrentUser } from '../../../domain/user';
import type { Database, Transaction } from '../../db/connection';
import { lockFor } from '../../db/locks';
import { distributors } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { ageBalancesKept } from '../accounts/ageing';
import { accountSums, distributorTotals } from '../accounts/service';

type Db = Database | Transaction;

/** The balance, limit and terms of one distributor, now. */
export async function creditPositionOf(
  db: Db,
  distributorId: string,
): Promise<CreditPosition & { distributorId: string; name: string }> {
  const [row] = await accountSums(db, eq(distributors.id, distributorId));
  if (!row) throw notFound('Distributor');
  const { creditLimit, paymentTermsDays, name } = row.distributor;
  return {
    distributorId,
    name,
    ...creditPosition(Number(row.balance), creditLimit, paymentTermsDays),
  };
}

/** A sale (or a dispatch's sales together) the credit check looks at. */
export interface CreditRequest {
  distributorId: string;
  /** The distributor's limit, read with its row (null: no limit). */
  creditLimit: number | null;
  value: number;
  paidAtSale: number;
  overrideReason?: string | undefined;
}

/** Why a sale over the limit was let through, and who let it. */
export interface CreditOverride {
  reason: string;
  userId: string;
}

/**
 * Refuses a sale that would take the balance over the distributor's limit,
 * unless a user with Distributors delete gave a reason. Answers the override
 * to keep on the sale (null when none was needed). Distributors with no
 * limit are not locked or read twice: the check costs them nothing.
 */
export async function checkCredit(
  tx: Transaction,
  request: CreditRequest,
  user: CurrentUser,
): Promise<CreditOverride | null> {
  const limit = request.creditLimit;
  if (limit === null) return null;
  await lockFor(tx, `bakery:credit:${request.distributorId}`);
  const position = await creditPositionOf(tx, request.distributorId);
  const after = balanceAfterSale(position.balance, request.value, request.paidAtSale);
  if (!isOverLimit(position.balance, after, limit)) return null;
  if (!request.overrideReason) {
    const message = overLimitMessage(position.name, after, limit);
    throw new AppError('CREDIT_LIMIT_EXCEEDED', message);
  }
  if (!hasRight(user, 'distributors', 'delete')) {
    throw new AppError('CREDIT_OVERRIDE_NOT_ALLOWED', OVERRIDE_NOT_ALLOWED, [
      { path: 'creditOverrideReason', message: OVERRIDE_NOT_ALLOWED },
    ]);
  }
  return { reason: request.overrideReason, userId: user.id };
}

/** Each distributor with its balance and sales value at the end of `asOf`. */
async function accountsAt(db: Database, asOf: string, today: string) {
  // Today's accounts are one roll-up row each, with the distributor.
  if (asOf >= today) {
    return (await accountSums(db)).map(({ distributor, balance, totalOwed }) => ({
      ...distributor,
      balance: Number(balance),
      salesValue: Number(totalOwed),
    }));
  }
  // An earlier day's sum its days.
  const [people, totals] = await Promise.all([
    db
      .select({
        id: distributors.id,
        name: distributors.name,
        archived: distributors.archived,
        creditLimit: distributors.creditLimit,
        paymentTermsDays: distributors.paymentTermsDays,
      })
      .from(distributors),
    distributorTotals(db, { to: asOf }),
  ]);
  const accounts = new Map(totals.map((row) => [row.distributorId, row]));
  return people.map((p) => ({
    ...p,
    balance: accounts.get(p.id)?.balance ?? 0,
    salesValue: accounts.get(p.id)?.totalSales ?? 0,
  }));
}

/** Every distributor owing anything at `asOf`, most overdue first, and their totals. */
export async function ageingReport(
  db: Database,
  asOf: string,
  today: string,
): Promise<AgeingReport> {
  const owing = (await accountsAt(db, asOf, today)).filter((p) => toKobo(p.balance) > 0);
  const ageings = await ageBalancesKept(
    db,
    owing.map((p) => ({
      distributorId: p.id,
      balance: p.balance,
      salesValue: p.salesValue,
      paymentTermsDays: p.paymentTermsDays,
    })),
    asOf,
  );
  const rows: AgeingRow[] = owing
    .map((p) => ({
      distributorId: p.id,
      name: p.name,
      archived: p.archived,
      creditLimit: p.creditLimit,
      paymentTermsDays: p.paymentTermsDays,
      balance: p.balance,
      ...(ageings.get(p.id) ?? NOTHING_OWED),
    }))
    .sort(
      (a, b) =>
        toKobo(b.overdue) - toKobo(a.overdue) ||
        b.daysOverdue - a.daysOverdue ||
        a.name.localeCompare(b.name),
    );
  return {
    asOf,
    rows,
    totals: { ...addAgeings(rows), balance: sumNaira(rows.map((row) => row.balance)) },
  };
}

/** The report as CSV rows: one per distributor owing anything, then the totals. */
export function ageingCsvRows(report: AgeingReport): CsvRow[] {
  const header = [
    'Distributor',
    'Credit Limit',
    'Terms (days)',
    ...AGEING_BUCKETS.map((bucket) => AGEING_BUCKET_LABELS[bucket]),
    'Overdue',
    'Balance',
    'Oldest Due',
    'Days Overdue',
  ];
  const cells = (row: AgeingReport['totals']) => [
    ...AGEING_BUCKETS.map((bucket) => csvAmount(row[bucket])),
    csvAmount(row.overdue),
    csvAmount(row.balance),
    row.oldestDueDay ?? '',
    row.daysOverdue,
  ];
  return [
    header,
    ...report.rows.map((row) => [
      row.name,
      row.creditLimit === null ? '' : csvAmount(row.creditLimit),
      row.paymentTermsDays ?? '',
      ...cells(row),
    ]),
    ['Total', '', '', ...cells(report.totals)],
  ];
}

/**
 * The dashboard's money owed: what all owe and how many, the overdue money in
 * all and the five distributors most overdue.
 */
export async function moneyOwedSummary(db: Database, today: string) {
  const report = await ageingReport(db, today, today);
  const overdue = report.rows.filter((row) => toKobo(row.overdue) > 0);
  return {
    total: report.totals.balance,
    distributorCount: report.rows.length,
    totalOverdue: report.totals.overdue,
    distributorsOverdue: overdue.length,
    mostOverdue: overdue.slice(0, 5).map((row) => ({
      distributorId: row.distributorId,
      name: row.name,
      overdue: row.overdue,
      daysOverdue: row.daysOverdue,
    })),
  };
}
