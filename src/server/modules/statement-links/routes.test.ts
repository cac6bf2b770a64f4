import { describe, expect, it } from 'vitest';
import { withoutToken } from './routes';

describe('the request log', () => {
  it('never writes a statement link token', () => {
    const token = 'q0Zl6bJ4yX2p7oTzQm1hN8sV3rW5uK9cE0aF2dG4iL6';
    expect(withoutToken(`/s/${token}`)).toBe('/s/[token]');
    expect(withoutToken(`/api/public/statements/${token}?startDate=2026-11-01`)).toBe(
      '/api/public/statements/[token]?startDate=2026-11-01',
    );
    expect(withoutToken('/api/distributors?includeArchived=true')).toBe(
      '/api/distributors?includeArchived=true',
    );
  });
});
