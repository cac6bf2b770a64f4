import { describe, expect, it } from 'vitest';
import { displayName, roleBadge } from './user';

describe('displayName', () => {
  it('uses the full name when there is one', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Okafor', email: 'ada@x.ng' })).toBe(
      'Ada Okafor',
    );
  });

  it('uses whichever name part exists', () => {
    expect(displayName({ firstName: 'Ada', lastName: null, email: 'ada@x.ng' })).toBe('Ada');
    expect(displayName({ firstName: '  ', lastName: 'Okafor', email: 'ada@x.ng' })).toBe('Okafor');
  });

  it('falls back to the e-mail, then to "User"', () => {
    expect(displayName({ firstName: null, lastName: '', email: 'ada@x.ng' })).toBe('ada@x.ng');
    expect(displayName({ firstName: null, lastName: null, email: '' })).toBe('User');
  });
});

describe('roleBadge', () => {
  it('reads Admin for admins, even with roles', () => {
    expect(roleBadge({ isAdmin: true, roles: [{ id: '1', name: 'Manager' }] })).toBe('Admin');
  });

  it('reads the first role name, else User', () => {
    expect(
      roleBadge({
        isAdmin: false,
        roles: [
          { id: '1', name: 'Sales Team' },
          { id: '2', name: 'Manager' },
        ],
      }),
    ).toBe('Sales Team');
    expect(roleBadge({ isAdmin: false, roles: [] })).toBe('User');
  });
});
