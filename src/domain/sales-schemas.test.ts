import { describe, expect, it } from 'vitest';
import {
  breadReturnSchema,
  distributorSchema,
  distributorUpdateSchema,
  PAYMENT_TOO_SMALL,
  paymentSchema,
} from './distributor-schemas';
import { loavesValue, overpaidBy, saleSchema } from './sales-schemas';

const DISTRIBUTOR = '7f0c2a8e-7a8a-4e43-9d36-1c2b6f3f1a11';

const sale = (extra: Record<string, unknown> = {}) => ({
  distributorId: DISTRIBUTOR,
  recipeName: 'Agege Bread',
  loavesTaken: 10,
  pricePerLoaf: 500,
  ...extra,
});

/** The first issue: the one message the API and the form show for the input. */
const firstIssue = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const issue = result.error?.issues[0];
  return issue && { path: issue.path.join('.'), message: issue.message };
};

describe('saleSchema', () => {
  it('accepts a sale, trims the bread type and defaults the amount paid to 0', () => {
    expect(saleSchema.parse(sale({ recipeName: '  Agege Bread ' }))).toEqual({
      distributorId: DISTRIBUTOR,
      recipeName: 'Agege Bread',
      loavesTaken: 10,
      pricePerLoaf: 500,
      amountPaid: 0,
      notes: null,
    });
    expect(saleSchema.parse(sale({ amountPaid: 1250.5, notes: ' Paid half ' }))).toMatchObject({
      amountPaid: 1250.5,
      notes: 'Paid half',
    });
  });

  it('accepts a price of 0 and a price to the kobo', () => {
    expect(saleSchema.parse(sale({ pricePerLoaf: 0 })).pricePerLoaf).toBe(0);
    expect(saleSchema.parse(sale({ pricePerLoaf: 0.29 })).pricePerLoaf).toBe(0.29);
  });

  it.each([
    [{ loavesTaken: 0 }, 'loavesTaken', 'Must take at least 1 loaf'],
    [{ loavesTaken: -3 }, 'loavesTaken', 'Must take at least 1 loaf'],
    [{ loavesTaken: undefined }, 'loavesTaken', 'Must take at least 1 loaf'],
    [{ loavesTaken: '5' }, 'loavesTaken', 'Must take at least 1 loaf'],
    [{ loavesTaken: 2.5 }, 'loavesTaken', 'Whole loaves only'],
    [{ pricePerLoaf: -0.01 }, 'pricePerLoaf', 'Price cannot be negative'],
    [{ pricePerLoaf: 1.005 }, 'pricePerLoaf', 'Price can have at most 2 decimal places'],
    [{ pricePerLoaf: 10.123 }, 'pricePerLoaf', 'Price can have at most 2 decimal places'],
    [{ pricePerLoaf: undefined }, 'pricePerLoaf', 'Price must be a number'],
    [{ amountPaid: -1 }, 'amountPaid', 'Amount paid cannot be negative'],
    [{ amountPaid: 0.001 }, 'amountPaid', 'Amount paid can have at most 2 decimal places'],
    [{ distributorId: undefined }, 'distributorId', 'Choose a distributor'],
    [{ distributorId: '' }, 'distributorId', 'Choose a distributor'],
    [{ distributorId: 'mama-tunde' }, 'distributorId', 'Choose a distributor'],
    [{ recipeName: undefined }, 'recipeName', 'Choose a bread type'],
    [{ recipeName: '' }, 'recipeName', 'Choose a bread type'],
    [{ recipeName: '   ' }, 'recipeName', 'Choose a bread type'],
  ])('refuses %j on %s', (extra, path, message) => {
    const result = saleSchema.safeParse(sale(extra));
    expect(result.success).toBe(false);
    expect(firstIssue(result)).toEqual({ path, message });
  });

  it('refuses fields it does not know, such as a value or a batch chosen by the caller', () => {
    expect(saleSchema.safeParse(sale({ value: 1 })).success).toBe(false);
    expect(saleSchema.safeParse(sale({ productionBatchId: DISTRIBUTOR })).success).toBe(false);
  });
});

describe('loavesValue', () => {
  it('is loaves × price exact to the kobo', () => {
    expect(loavesValue(3, 0.1)).toBe(0.3);
    expect(loavesValue(7, 0.7)).toBe(4.9);
    expect(loavesValue(7, 1234.56)).toBe(8641.92);
    expect(loavesValue(1000, 650.35)).toBe(650_350);
    expect(loavesValue(0, 500)).toBe(0);
    expect(loavesValue(12, 0)).toBe(0);
  });
});

describe('overpaidBy', () => {
  it('is what was paid above the sale value, to the kobo', () => {
    // 6 × ₦350 is ₦2,100: ₦50,000 paid is ₦47,900 over.
    expect(overpaidBy({ loavesTaken: 6, pricePerLoaf: 350, amountPaid: 50_000 })).toBe(47_900);
    expect(overpaidBy({ loavesTaken: 3, pricePerLoaf: 0.1, amountPaid: 0.31 })).toBe(0.01);
  });

  it('is 0 when paid in full, in part, not at all or when the figures are not numbers yet', () => {
    expect(overpaidBy({ loavesTaken: 6, pricePerLoaf: 350, amountPaid: 2_100 })).toBe(0);
    expect(overpaidBy({ loavesTaken: 6, pricePerLoaf: 350, amountPaid: 100 })).toBe(0);
    expect(overpaidBy({ loavesTaken: 6, pricePerLoaf: 350 })).toBe(0);
    expect(overpaidBy({ loavesTaken: Number.NaN, pricePerLoaf: 350, amountPaid: 9 })).toBe(0);
  });
});

describe('paymentSchema', () => {
  const payment = (extra: Record<string, unknown> = {}) => ({
    distributorId: DISTRIBUTOR,
    amount: 2500,
    ...extra,
  });

  it('defaults the method to cash and accepts the smallest payment, 0.01', () => {
    expect(paymentSchema.parse(payment())).toEqual({
      distributorId: DISTRIBUTOR,
      amount: 2500,
      paymentMethod: 'cash',
      description: null,
    });
    expect(paymentSchema.parse(payment({ amount: 0.01 })).amount).toBe(0.01);
    expect(
      paymentSchema.parse(payment({ paymentMethod: 'mobile_money', description: ' OPay ' })),
    ).toMatchObject({ paymentMethod: 'mobile_money', description: 'OPay' });
  });

  it.each([[0], [-5]])('refuses %s with "Payment amount must be greater than 0"', (amount) => {
    const result = paymentSchema.safeParse(payment({ amount }));
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
    expect(firstIssue(result)).toEqual({ path: 'amount', message: PAYMENT_TOO_SMALL });
    expect(PAYMENT_TOO_SMALL).toBe('Payment amount must be greater than 0');
  });

  it('tells an amount above 0 but under a kobo the least it may be', () => {
    const result = paymentSchema.safeParse(payment({ amount: 0.001 }));
    expect(result.error?.issues).toHaveLength(1);
    expect(firstIssue(result)).toEqual({
      path: 'amount',
      message: 'Amount must be at least ₦0.01',
    });
  });

  it('refuses an unknown method and a bad distributor', () => {
    expect(firstIssue(paymentSchema.safeParse(payment({ paymentMethod: 'bitcoin' })))).toEqual({
      path: 'paymentMethod',
      message: 'Choose a payment method',
    });
    expect(firstIssue(paymentSchema.safeParse(payment({ distributorId: 'x' })))).toEqual({
      path: 'distributorId',
      message: 'Choose a distributor',
    });
  });
});

describe('breadReturnSchema', () => {
  const back = (extra: Record<string, unknown> = {}) => ({
    distributorId: DISTRIBUTOR,
    recipeName: 'Agege Bread',
    loavesReturned: 2,
    pricePerLoaf: 500,
    ...extra,
  });

  it('defaults the reason to spoiled', () => {
    expect(breadReturnSchema.parse(back())).toEqual({
      distributorId: DISTRIBUTOR,
      recipeName: 'Agege Bread',
      loavesReturned: 2,
      pricePerLoaf: 500,
      reason: 'spoiled',
      notes: null,
    });
    expect(breadReturnSchema.parse(back({ reason: 'quality_issue' })).reason).toBe('quality_issue');
  });

  it.each([
    [{ loavesReturned: 0 }, 'loavesReturned', 'Must return at least 1 loaf'],
    [{ loavesReturned: undefined }, 'loavesReturned', 'Must return at least 1 loaf'],
    [{ loavesReturned: 1.5 }, 'loavesReturned', 'Whole loaves only'],
    [{ pricePerLoaf: -1 }, 'pricePerLoaf', 'Price cannot be negative'],
    [{ reason: 'stale' }, 'reason', 'Choose a reason'],
    [{ recipeName: ' ' }, 'recipeName', 'Choose a bread type'],
  ])('refuses %j on %s', (extra, path, message) => {
    expect(firstIssue(breadReturnSchema.safeParse(back(extra)))).toEqual({ path, message });
  });
});

describe('distributorSchema', () => {
  const distributor = {
    name: 'Mama Tunde',
    address: '12 Allen Avenue, Ikeja',
    phone: '0803 000 0000',
  };

  it('accepts and trims the three required fields', () => {
    expect(
      distributorSchema.parse({
        name: ' Mama Tunde ',
        address: ' 12 Allen Avenue, Ikeja',
        phone: '+234 (803) 000-0000 ',
      }),
    ).toEqual({
      name: 'Mama Tunde',
      address: '12 Allen Avenue, Ikeja',
      phone: '+234 (803) 000-0000',
    });
  });

  it.each([
    ['name', 'Name is required'],
    ['address', 'Address is required'],
    ['phone', 'Phone is required'],
  ])('requires %s: "%s" when missing, empty or blank', (field, message) => {
    for (const value of [undefined, '', '   ']) {
      const result = distributorSchema.safeParse({ ...distributor, [field]: value });
      expect(firstIssue(result)).toEqual({ path: field, message });
    }
  });

  it('refuses a phone that is not a phone number', () => {
    expect(firstIssue(distributorSchema.safeParse({ ...distributor, phone: 'call me' }))).toEqual({
      path: 'phone',
      message: 'Enter a phone number: digits, spaces, +, - and brackets',
    });
  });

  it('refuses archived from the caller: a new distributor is active', () => {
    expect(distributorSchema.safeParse({ ...distributor, archived: true }).success).toBe(false);
  });

  it('lets an edit change any one field, with the same rules', () => {
    expect(distributorUpdateSchema.parse({ phone: '08030000001' })).toEqual({
      phone: '08030000001',
    });
    expect(firstIssue(distributorUpdateSchema.safeParse({ name: ' ' }))).toEqual({
      path: 'name',
      message: 'Name is required',
    });
    expect(distributorUpdateSchema.safeParse({ archived: false }).success).toBe(false);
  });
});
