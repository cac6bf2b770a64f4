import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginSchema, registerSchema } from '../../../domain/auth-schemas';
import type { LoginThrottle } from '../../auth/login-throttle';
import type { Sessions } from '../../auth/sessions';
import type { Database } from '../../db/connection';
import { AppError } from '../../errors';
import { authenticate, loadCurrentUser, registerUser, registrationState } from './service';

const minutes = (n: number) => `${n} minute${n === 1 ? '' : 's'}`;

export function authRoutes(
  app: FastifyInstance,
  deps: { db: Database; throttle: LoginThrottle; timeZone: string; sessions: Sessions },
) {
  const { db, throttle, timeZone, sessions } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // What the landing page needs before anyone signs in.
  api.get('/api/app-info', async () => ({ timeZone, ...(await registrationState(db)) }));

  // A taken username or e-mail must be named (the form has to say which to
  // change), so each refusal counts against the caller's address like a failed
  // sign-in: probing for accounts is as slow here as on the login form. Every
  // registration counts against the address's registrations too.
  api.post('/api/auth/register', { schema: { body: registerSchema } }, async (request, reply) => {
    const attempt = await throttle.register(request.ip);
    if (attempt.waitMinutes > 0) {
      request.log.warn({ address: request.ip }, 'registration throttled');
      throw new AppError(
        'TOO_MANY_ATTEMPTS',
        `Too many registration attempts from this address. Please wait ${minutes(attempt.waitMinutes)} and try again.`,
      );
    }
    const user = await registerUser(db, request.body);
    await attempt.succeeded();
    reply.code(201);
    return {
      message: 'Account created! Please log in.',
      user: { id: user.id, username: user.username, isAdmin: user.isAdmin },
    };
  });

  api.post('/api/auth/login', { schema: { body: loginSchema } }, async (request, reply) => {
    const { username, password } = request.body;
    // Counted as a failure from the start: an error on the way is never a free try.
    const attempt = await throttle.signIn({ username, address: request.ip });
    if (attempt.waitMinutes > 0) {
      request.log.warn({ address: request.ip }, 'sign-in throttled');
      throw new AppError(
        'TOO_MANY_ATTEMPTS',
        `Too many failed sign-in attempts. Please wait ${minutes(attempt.waitMinutes)} and try again.`,
      );
    }
    const userId = await authenticate(db, username, password);
    await attempt.succeeded();
    await sessions.start(request, reply, userId);
    return loadCurrentUser(db, userId);
  });

  api.post('/api/auth/logout', async (request, reply) => {
    // The guard has already ended the session of a user who was removed.
    await sessions.end(request, reply);
    return { message: 'Successfully logged out' };
  });

  api.get('/api/auth/user', async (request) => request.user);
}
