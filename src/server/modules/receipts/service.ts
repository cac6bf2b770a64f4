/** A payment's receipt (issue 19): what the printed receipt and the shared message say. */
import { eq } from 'drizzle-orm';
import type { Receipt } from '../../../domain/contracts/receipts';
import type { PaymentMethod } from '../../../domain/distributor-schemas';
import { nairaInWords, receiptLabel, receiptMessage } from '../../../domain/receipts';
import { internationalPhone, messageLink } from '../../../domain/reminders';
import { businessDate, formatClock } from '../../../domain/time';
import type { Database } from '../../db/connection';
import { distributorPayments, distributors, users } from '../../db/schema';
import { userName } from '../../db/user-name';
import { notFound } from '../../errors';
import { readLetterhead } from '../admin/settings';

/** Payments from before receipts name no one who received them. */
const NOBODY = '—';

export async function paymentReceipt(
  db: Database,
  paymentId: string,
  timeZone: string,
): Promise<Receipt> {
  const [row] = await db
    .select({
      payment: distributorPayments,
      distributor: {
        id: distributors.id,
        name: distributors.name,
        phone: distributors.phone,
        address: distributors.address,
      },
      receivedBy: userName(users),
    })
    .from(distributorPayments)
    .innerJoin(distributors, eq(distributors.id, distributorPayments.distributorId))
    .leftJoin(users, eq(users.id, distributorPayments.recordedBy))
    .where(eq(distributorPayments.id, paymentId));
  if (!row) throw notFound('Payment');
  const { payment, distributor } = row;
  const letterhead = await readLetterhead(db);
  const label = receiptLabel(payment.receiptNumber);
  const amountInWords = nairaInWords(payment.amount);
  const paymentMethod = payment.paymentMethod as PaymentMethod;
  const message = receiptMessage({
    bakery: letterhead.bakeryName,
    label,
    amount: payment.amount,
    amountInWords,
    date: formatClock(payment.createdAt, timeZone).date,
    paymentMethod,
  });
  const phone = internationalPhone(distributor.phone);
  return {
    paymentId: payment.id,
    receiptNumber: payment.receiptNumber,
    label,
    date: businessDate(payment.createdAt, timeZone),
    createdAt: payment.createdAt.toISOString(),
    distributor,
    amount: payment.amount,
    amountInWords,
    paymentMethod,
    description: payment.description,
    receivedBy: row.receivedBy ?? NOBODY,
    letterhead,
    message,
    share: phone
      ? {
          phone,
          whatsappUrl: messageLink('whatsapp', phone, message),
          smsUrl: messageLink('sms', phone, message),
        }
      : null,
  };
}
