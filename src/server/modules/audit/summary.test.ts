import { describe, expect, it } from 'vitest';
import { eventSummary, MAX_SUMMARY_CHARS, REDACTED, summarize } from './summary';

describe('the audit summary', () => {
  it('redacts secrets at any depth, whatever the case of the field', () => {
    expect(
      summarize({
        username: 'ada',
        password: 'p1',
        newPassword: 'p2',
        nested: { PasswordHash: '$argon2id$…', apiKey: 'k', list: [{ token: 't' }] },
      }),
    ).toEqual({
      username: 'ada',
      password: REDACTED,
      newPassword: REDACTED,
      nested: { PasswordHash: REDACTED, apiKey: REDACTED, list: [{ token: REDACTED }] },
    });
  });

  it('cuts long text, long lists, many fields and deep nesting', () => {
    const out = summarize({
      text: 'x'.repeat(300),
      list: Array.from({ length: 12 }, (_, i) => i),
      deep: { a: { b: { c: { d: 1 } } } },
    }) as Record<string, unknown>;
    expect(out.text).toBe(`${'x'.repeat(200)}…`);
    expect(out.list).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, '… 2 more']);
    expect(out.deep).toEqual({ a: { b: { c: '…' } } });
    const wide = summarize(
      Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`field${i}`, 'y'.repeat(100)])),
    ) as { fields: string[]; cut: boolean };
    expect(wide.cut).toBe(true);
    expect(wide.fields[0]).toBe('field0');
    expect(JSON.stringify(wide).length).toBeLessThanOrEqual(MAX_SUMMARY_CHARS / 2);
  });

  it('keeps only storable text: no NUL, no half surrogate pair, even where a cut splits one', () => {
    expect(summarize({ a: 'x\u0000y', b: '\uD800z' })).toEqual({ a: 'xy', b: '\uFFFDz' });
    const split = summarize({ emoji: `${'a'.repeat(199)}😀` }) as { emoji: string };
    expect(split.emoji).toBe(`${'a'.repeat(199)}\uFFFD…`);
  });

  it('never sets a prototype from a field name', () => {
    const body = JSON.parse('{"__proto__": {"polluted": true}, "name": "x"}');
    const out = summarize(body) as Record<string, unknown>;
    expect(out).toEqual({ name: 'x' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('stays under the cap as JSON, escapes and all', () => {
    const summary = eventSummary({
      input: Object.fromEntries(
        Array.from({ length: 30 }, (_, i) => [`k${i}`, '\u0001'.repeat(200)]),
      ),
      error: '\u0002'.repeat(200),
      result: 'archived',
    });
    expect(JSON.stringify(summary).length).toBeLessThanOrEqual(MAX_SUMMARY_CHARS);
    expect(eventSummary({})).toBeNull();
  });
});
