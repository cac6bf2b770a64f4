import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  dateRangeFields,
  datesInOrder,
  END_BEFORE_START,
  isStorableText,
  optionalNotes,
  recordId,
  storable,
} from './fields';

describe('text a database can keep', () => {
  it('accepts any well-formed text, emoji, right-to-left and control characters included', () => {
    for (const text of [
      '',
      'Agege Bread',
      'مخبز',
      '面包',
      '😀🍞',
      'e\u0301',
      '\u202Eabc',
      'tab\there',
    ]) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('refuses NUL characters and halves of surrogate pairs', () => {
    for (const text of [
      '\u0000',
      'a\u0000b',
      '\uD800',
      'x\uDFFFy',
      '\uDBFF\uDBFF',
      '😀'.slice(0, 1),
    ]) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('names the field in its message', () => {
    const name = z.string().refine(isStorableText, storable('Item name'));
    expect(name.safeParse('Flour\u0000').error?.issues[0]?.message).toBe(
      'Item name contains a character that is not allowed',
    );
    expect(optionalNotes.safeParse('\uD800').error?.issues[0]?.message).toBe(
      'Notes contains a character that is not allowed',
    );
  });
});

describe('record ids', () => {
  it('accepts a uuid in any case and gives it in lower case', () => {
    const id = 'E7B6DABB-3DEC-40FF-A9BB-F9BDA4348A2D';
    expect(recordId('Not a valid id').parse(id)).toBe(id.toLowerCase());
  });

  it('refuses what is not a uuid with the given message', () => {
    for (const value of ['', 'not-a-uuid', '12345678-1234-1234-1234-123456789012', 42, null]) {
      expect(recordId('Choose an item').safeParse(value).error?.issues[0]?.message).toBe(
        'Choose an item',
      );
    }
  });
});

describe('a date range', () => {
  const range = z.strictObject(dateRangeFields).refine(datesInOrder, END_BEFORE_START);
  const messages = (query: object) =>
    range.safeParse(query).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ??
    [];

  it('takes both dates, one, or none', () => {
    expect(messages({ startDate: '2026-11-01', endDate: '2026-11-30' })).toEqual([]);
    expect(messages({ startDate: '2026-11-01' })).toEqual([]);
    expect(messages({})).toEqual([]);
  });

  it('refuses what is not a bakery day, and days before 1900, with the field name', () => {
    expect(messages({ startDate: '21/11/2026' })).toEqual([
      ['startDate', 'Start date must be a date (yyyy-MM-dd)'],
    ]);
    expect(messages({ endDate: '1899-12-31' })).toEqual([
      ['endDate', 'End date cannot be before 1900-01-01'],
    ]);
  });

  it('refuses an end before the start, on the end date', () => {
    expect(messages({ startDate: '2026-11-02', endDate: '2026-11-01' })).toEqual([
      ['endDate', 'End date cannot be before the start date'],
    ]);
  });
});
