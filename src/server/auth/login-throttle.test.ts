import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle';

function throttleAt(start = 0) {
  const clock = { now: start };
  const throttle = new LoginThrottle(
    { perUsername: 3, perAddress: 5, windowMs: 60_000 },
    () => clock.now,
  );
  return { throttle, clock };
}

describe('LoginThrottle', () => {
  it('allows attempts until the username has failed too often', () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 2; i++) throttle.recordFailure('ada', '10.0.0.1');
    expect(throttle.waitMinutes('ada', '10.0.0.1')).toBe(0);
    throttle.recordFailure('ADA', '10.0.0.1');
    expect(throttle.waitMinutes('ada', '10.0.0.9')).toBe(1);
  });

  it('limits one address trying many usernames', () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 5; i++) throttle.recordFailure(`user${i}`, '10.0.0.1');
    expect(throttle.waitMinutes('someone-else', '10.0.0.1')).toBe(1);
    expect(throttle.waitMinutes('someone-else', '10.0.0.2')).toBe(0);
  });

  it('forgets failures once the window has passed', () => {
    const { throttle, clock } = throttleAt();
    for (let i = 0; i < 3; i++) throttle.recordFailure('ada', '10.0.0.1');
    clock.now += 60_001;
    expect(throttle.waitMinutes('ada', '10.0.0.1')).toBe(0);
  });

  it('clears the username after a successful sign-in, but not the address', () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 5; i++) throttle.recordFailure('ada', '10.0.0.1');
    throttle.recordSuccess('ada');
    expect(throttle.waitMinutes('ada', '10.0.0.2')).toBe(0);
    expect(throttle.waitMinutes('ada', '10.0.0.1')).toBe(1);
  });
});
