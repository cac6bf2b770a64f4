import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  RECORDED_AT_AHEAD,
  RECORDED_AT_FORMAT,
  RECORDED_AT_TOO_OLD,
  recordedAt,
  recordedAtProblem,
  storedMoment,
} from './recorded-at';

const now = new Date('2026-11-26T14:32:05.123Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

describe('recordedAt, the field', () => {
  const body = z.strictObject({ recordedAt });

  it('takes an instant with Z or an offset', () => {
    for (const text of ['2026-11-26T14:32:05.123Z', '2026-11-26T15:32:05.123+01:00']) {
      expect(body.parse({ recordedAt: text }).recordedAt).toBe(text);
      expect(new Date(text)).toEqual(now);
    }
  });

  it('may be left out', () => {
    expect(body.parse({}).recordedAt).toBeUndefined();
  });

  it.each(['2026-11-26', '2026-11-26T14:32:05', 'yesterday', '', 1764167525123])(
    'refuses %j with its message',
    (value) => {
      const parsed = body.safeParse({ recordedAt: value });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(RECORDED_AT_FORMAT);
    },
  );
});

describe('recordedAtProblem', () => {
  it('takes a moment up to 5 minutes ahead of the server (a clock a little fast)', () => {
    expect(recordedAtProblem(at(5 * MINUTE), now)).toBeUndefined();
    expect(recordedAtProblem(at(5 * MINUTE + 1), now)).toBe(RECORDED_AT_AHEAD);
  });

  it('takes a moment up to 7 days old, not older', () => {
    expect(recordedAtProblem(at(-7 * DAY), now)).toBeUndefined();
    expect(recordedAtProblem(at(-7 * DAY - 1), now)).toBe(RECORDED_AT_TOO_OLD);
  });

  it('takes now', () => {
    expect(recordedAtProblem(now, now)).toBeUndefined();
  });

  it('refuses a moment that is no date at all', () => {
    expect(recordedAtProblem(new Date(Number.NaN), now)).toBe(RECORDED_AT_FORMAT);
  });
});

describe('storedMoment', () => {
  it("keeps a moment made before the server's now", () => {
    expect(storedMoment(at(-DAY), now)).toEqual(at(-DAY));
  });

  it("brings a moment of a fast clock back to the server's now", () => {
    expect(storedMoment(at(4 * MINUTE), now)).toEqual(now);
  });
});
