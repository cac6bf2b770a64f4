import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CANNOT_BE_WITHDRAWN,
  defaultPriceOn,
  differenceFromDefault,
  ownPriceOn,
  type PriceRow,
  priceChangeSchema,
  priceInForce,
} from './prices';

const MAMA = 'd1';
const ALHAJI = 'd2';

const row = (
  distributorId: string | null,
  pricePerLoaf: number | null,
  effectiveFrom: string,
  createdAt = `${effectiveFrom}T08:00:00.000Z`,
): PriceRow => ({ distributorId, pricePerLoaf, effectiveFrom, createdAt });

const rows: PriceRow[] = [
  row(null, 500, '2026-03-01'),
  row(null, 550, '2026-03-10'),
  row(MAMA, 480, '2026-03-05'),
  row(MAMA, null, '2026-03-12'),
  row(MAMA, 530, '2026-03-20'),
];

describe('priceInForce', () => {
  it('has no price before the first default', () => {
    expect(priceInForce(rows, null, '2026-02-28')).toBeNull();
    expect(priceInForce(rows, MAMA, '2026-02-28')).toBeNull();
  });

  it('gives the default from its day on, and the newer default from its day', () => {
    expect(priceInForce(rows, null, '2026-03-01')).toBe(500);
    expect(priceInForce(rows, null, '2026-03-09')).toBe(500);
    expect(priceInForce(rows, null, '2026-03-10')).toBe(550);
    expect(priceInForce(rows, ALHAJI, '2026-03-31')).toBe(550);
  });

  it("gives a distributor's own price over the default while it is in force", () => {
    expect(priceInForce(rows, MAMA, '2026-03-04')).toBe(500);
    expect(priceInForce(rows, MAMA, '2026-03-05')).toBe(480);
    expect(priceInForce(rows, MAMA, '2026-03-11')).toBe(480);
  });

  it('falls back to the default in force once the own price is withdrawn, until a new own price', () => {
    expect(priceInForce(rows, MAMA, '2026-03-12')).toBe(550);
    expect(priceInForce(rows, MAMA, '2026-03-19')).toBe(550);
    expect(priceInForce(rows, MAMA, '2026-03-20')).toBe(530);
  });

  it('takes the newest row of the same day', () => {
    const sameDay = [
      row(null, 500, '2026-04-01', '2026-03-30T09:00:00.000Z'),
      row(null, 520, '2026-04-01', '2026-03-30T10:00:00.000Z'),
      row(null, 510, '2026-04-01', '2026-03-30T08:00:00.000Z'),
    ];
    expect(priceInForce(sameDay, null, '2026-04-01')).toBe(520);
  });

  it('gives no price to a distributor when only its own price was withdrawn and there is no default', () => {
    const onlyOwn = [row(MAMA, 400, '2026-05-01'), row(MAMA, null, '2026-05-03')];
    expect(priceInForce(onlyOwn, MAMA, '2026-05-02')).toBe(400);
    expect(priceInForce(onlyOwn, MAMA, '2026-05-03')).toBeNull();
  });
});

describe('ownPriceOn and defaultPriceOn', () => {
  it('tell the own price (null when withdrawn) and the default apart', () => {
    expect(ownPriceOn(rows, MAMA, '2026-03-06')).toBe(480);
    expect(ownPriceOn(rows, MAMA, '2026-03-12')).toBeNull();
    expect(ownPriceOn(rows, ALHAJI, '2026-03-12')).toBeNull();
    expect(defaultPriceOn(rows, '2026-03-12')).toBe(550);
  });

  it('differenceFromDefault is exact to the kobo', () => {
    expect(differenceFromDefault(480.1, 500.3)).toBe(-20.2);
    expect(differenceFromDefault(null, 500)).toBeNull();
  });
});

describe('priceChangeSchema', () => {
  const change = (extra: Record<string, unknown>) => ({
    recipeName: 'Agege Bread',
    pricePerLoaf: 500,
    effectiveFrom: '2026-03-01',
    ...extra,
  });
  const message = (input: unknown) => priceChangeSchema.safeParse(input).error?.issues[0]?.message;

  it('accepts a default and a withdrawal of an own price', () => {
    expect(priceChangeSchema.parse(change({})).distributorId).toBeUndefined();
    const id = '7f0c2a8e-7a8a-4e43-9d36-1c2b6f3f1a11';
    expect(
      priceChangeSchema.parse(change({ distributorId: id, pricePerLoaf: null })),
    ).toMatchObject({
      pricePerLoaf: null,
    });
  });

  it('refuses withdrawing a default, a negative price, three decimals and a bad date', () => {
    expect(message(change({ pricePerLoaf: null }))).toBe(DEFAULT_CANNOT_BE_WITHDRAWN);
    expect(message(change({ distributorId: null, pricePerLoaf: null }))).toBe(
      DEFAULT_CANNOT_BE_WITHDRAWN,
    );
    expect(message(change({ pricePerLoaf: -1 }))).toBe('Price cannot be negative');
    expect(message(change({ pricePerLoaf: 1.005 }))).toBe(
      'Price can have at most 2 decimal places',
    );
    expect(message(change({ effectiveFrom: '1/3/2026' }))).toBe(
      'Effective from must be a date (yyyy-MM-dd)',
    );
  });
});
