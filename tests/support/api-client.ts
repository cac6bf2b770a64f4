import type { TestApp } from './test-app';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface Reply<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

/** A signed-in (or not) caller of the API that keeps its session cookie, like a browser. */
export class ApiClient {
  private cookie: string | undefined;

  constructor(private readonly testApp: TestApp) {}

  async call<T = Record<string, unknown>>(
    method: Method,
    url: string,
    payload?: unknown,
  ): Promise<Reply<T>> {
    const response = await this.testApp.app.inject({
      method,
      url,
      headers: this.cookie ? { cookie: this.cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const setCookie = response.cookies.find((c) => c.name === 'bakery.sid');
    if (setCookie) this.cookie = setCookie.value ? `bakery.sid=${setCookie.value}` : undefined;
    const text = response.body;
    return {
      status: response.statusCode,
      // CSV files and other text come back as text.
      body: (text && /json/.test(String(response.headers['content-type']))
        ? JSON.parse(text)
        : text || undefined) as T,
      headers: response.headers,
    };
  }

  get sessionCookie() {
    return this.cookie;
  }

  get = <T = Record<string, unknown>>(url: string) => this.call<T>('GET', url);
  post = <T = Record<string, unknown>>(url: string, body?: unknown) =>
    this.call<T>('POST', url, body);
  patch = <T = Record<string, unknown>>(url: string, body?: unknown) =>
    this.call<T>('PATCH', url, body);
  delete = <T = Record<string, unknown>>(url: string) => this.call<T>('DELETE', url);
}

export const validUser = (n: string | number, extra: Record<string, unknown> = {}) => ({
  username: `baker_${n}`,
  email: `baker${n}@bakery.ng`,
  password: 'correct-horse-1',
  firstName: 'Ada',
  lastName: `Baker ${n}`,
  ...extra,
});

/** Registers and signs in a user; the first one on a fresh database is the admin. */
export async function signedInClient(testApp: TestApp, n: string | number): Promise<ApiClient> {
  const client = new ApiClient(testApp);
  const user = validUser(n);
  const registered = await client.post('/api/auth/register', user);
  if (registered.status !== 201)
    throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const login = await client.post('/api/auth/login', {
    username: user.username,
    password: user.password,
  });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return client;
}
