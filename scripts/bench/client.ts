import { DEMO_PASSWORD } from '../../src/server/seed/catalog';

/** A signed-in demo admin's cookie: each call makes a session of its own, as each person has. */
export async function signIn(baseUrl: string): Promise<string> {
  const reply = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: DEMO_PASSWORD }),
  });
  const cookie = reply.headers.get('set-cookie')?.split(';')[0];
  if (!reply.ok || !cookie) throw new Error(`sign-in failed: ${reply.status}`);
  return cookie;
}

export async function getJson<T>(baseUrl: string, path: string, cookie: string): Promise<T> {
  const reply = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
  if (!reply.ok) throw new Error(`${path} answered ${reply.status}`);
  return (await reply.json()) as T;
}

/**
 * Milliseconds until the whole answer has arrived, as a browser waits for it
 * (gzip asked for and unpacked); anything but a 2xx throws.
 */
export async function timed(
  baseUrl: string,
  cookie: string,
  path: string,
  write?: { method: 'POST'; body: string },
): Promise<number> {
  const started = performance.now();
  const reply = await fetch(`${baseUrl}${path}`, {
    method: write?.method ?? 'GET',
    headers: {
      cookie,
      'accept-encoding': 'gzip',
      ...(write ? { 'content-type': 'application/json' } : {}),
    },
    body: write?.body,
  });
  const text = await reply.text();
  const elapsed = performance.now() - started;
  if (!reply.ok)
    throw new Error(
      `${write?.method ?? 'GET'} ${path} answered ${reply.status}: ${text.slice(0, 200)}`,
    );
  return elapsed;
}
