import fc from 'fast-check';

/** Hostile values for the bad-input fuzz tests (tests/api/fuzz-*.test.ts): what a careless or hostile client might send. */
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';
export const MAX_UUID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

/** Strings that break naive parsers, encoders and databases. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDBFF',
  '\u202Eevil\u202C',
  'مخبز الخبز',
  '面包店',
  '😀🍞🥖',
  '👨‍👩‍👧‍👦',
  'e\u0301\u0301\u0301',
  '\u200B\u200D\uFEFF',
  '\u0085\u2028\u2029',
  '\r\n\t\v\f\b',
  '\u001B[31mred',
  '\\',
  '%',
  '%00',
  '_%',
  "'; drop table users; --",
  '" or 1=1 --',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, meant literally.
  '${7*7}{{7*7}}',
  '../../etc/passwd',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
] as const;

/** Numbers as strings, and numbers JavaScript and PostgreSQL read differently. */
export const NAN_LIKE = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '-1e999',
  '1e308',
  '0x1F',
  '0b11',
  '1_000',
  '١٢٣',
  '  5 ',
  '5abc',
  '-0',
  '0',
  '1,5',
  '１２３',
] as const;

export const EXTREME_NUMBERS = [
  1e308,
  -1e308,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  2 ** 31,
  -(2 ** 31) - 1,
  1e21,
  1e15,
  1e12,
  999_999_999_999.99,
  1e9 + 0.001,
  1e9,
  1e6 + 1,
  -0,
  -1,
  -0.01,
  0,
  1e-7,
  0.0001,
  0.001,
  0.005,
  0.01,
  0.1 + 0.2,
  123.4567,
  1.5,
] as const;

export const DATE_LIKE = [
  '2026-02-30',
  '2025-02-29',
  '2024-02-29',
  '2026-13-01',
  '0000-00-00',
  '0001-01-01',
  '9999-12-31',
  '-000001-01-01',
  '+275760-09-13',
  '1969-12-31',
  '2026-1-1',
  '2026-01-01T25:00:00Z',
  '2026-01-01T00:00:00',
  '2026-01-01T00:00:00+14:00',
  '2026-01-01T00:00:00-23:59',
  '2026-01-01T00:00:00.123456789Z',
  '1970-01-01T00:00:00Z',
  '2999-12-31T23:59:59Z',
  '9999-12-31T23:59:59Z',
  'today',
  'yesterday',
] as const;

const deepNested = (depth: number): unknown => {
  let value: unknown = { end: true };
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

export const WRONG_TYPES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  1,
  -1,
  '',
  'abc',
  [],
  {},
  [null],
  [1, 2, 3],
  { a: 1 },
  { $gt: '' },
  deepNested(64),
  Array.from({ length: 5000 }, (_, i) => i),
];

export const LONG_STRINGS = [
  'a'.repeat(10_000),
  '😀'.repeat(5_000),
  ' '.repeat(10_000),
  '\u0000'.repeat(1_000),
  'é'.repeat(10_000),
] as const;

/** A string of about `length` UTF-16 units made of one hostile character. */
export const ofLength = (unit: string, length: number) =>
  unit.repeat(Math.max(0, Math.ceil(length / unit.length)));

const hostileString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.constantFrom(...LONG_STRINGS),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);

/** Any value a careless or hostile client might put where a field belongs. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...WRONG_TYPES),
  fc.constantFrom(...EXTREME_NUMBERS),
  fc.double(),
  fc.integer(),
  fc.constantFrom(...NAN_LIKE),
  hostileString,
  fc.constantFrom(...DATE_LIKE),
  fc.constantFrom(NIL_UUID, MAX_UUID, 'not-a-uuid', '12345678-1234-1234-1234-123456789012'),
  fc.uuid({ version: 4 }),
  fc.jsonValue({ maxDepth: 2 }),
);
