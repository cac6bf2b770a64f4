import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, validUser } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ throttle: { perUsername: 3, perAddress: 6, windowMs: 60_000 } });
  await new ApiClient(testApp).post('/api/auth/register', validUser('guarded'));
});
afterAll(() => testApp.close());

describe('login throttling', () => {
  it('answers 429 with a clear message after repeated failures, even for the right password', async () => {
    const client = new ApiClient(testApp);
    const attempt = (password: string) =>
      client.post('/api/auth/login', { username: 'baker_guarded', password });
    for (let i = 0; i < 3; i++) expect((await attempt('wrong-password')).status).toBe(401);

    const refused = await attempt('correct-horse-1');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: 'Too many failed sign-in attempts. Please wait 1 minute and try again.',
    });
  });

  it('also stops one address guessing across many usernames', async () => {
    const client = new ApiClient(testApp);
    // Three failures for baker_guarded above already count against this address.
    for (let i = 0; i < 3; i++) {
      await client.post('/api/auth/login', { username: `ghost_${i}`, password: 'wrong-password' });
    }
    const reply = await client.post('/api/auth/login', { username: 'ghost_new', password: 'x' });
    expect(reply.status).toBe(429);
  });
});
