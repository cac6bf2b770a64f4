import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginSchema, registerSchema } from '../../../domain/auth-schemas';
import type { LoginThrottle } from '../../auth/login-throttle';
import type { Database } from '../../db/connection';
import { AppError } from '../../errors';
import {
  authenticate,
  hasAnyUser,
  INVALID_CREDENTIALS,
  loadCurrentUser,
  registerUser,
} from './service';

export function authRoutes(
  app: FastifyInstance,
  deps: { db: Database; throttle: LoginThrottle; timeZone: string },
) {
  const { db, throttle, timeZone } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // What the landing page needs before anyone signs in.
  api.get('/api/app-info', async () => ({
    timeZone,
    needsFirstAdmin: !(await hasAnyUser(db)),
  }));

  api.post('/api/auth/register', { schema: { body: registerSchema } }, async (request, reply) => {
    const user = await registerUser(db, request.body);
    reply.code(201);
    return {
      message: 'Account created! Please log in.',
      user: { id: user.id, username: user.username, isAdmin: user.isAdmin },
    };
  });

  api.post('/api/auth/login', { schema: { body: loginSchema } }, async (request) => {
    const { username, password } = request.body;
    const waitMinutes = throttle.waitMinutes(username, request.ip);
    if (waitMinutes > 0) {
      throw new AppError(
        429,
        `Too many failed sign-in attempts. Please wait ${waitMinutes} minute${waitMinutes === 1 ? '' : 's'} and try again.`,
      );
    }
    let userId: string;
    try {
      userId = await authenticate(db, username, password);
    } catch (error) {
      if (error instanceof AppError && error.message === INVALID_CREDENTIALS) {
        throttle.recordFailure(username, request.ip);
      }
      throw error;
    }
    throttle.recordSuccess(username);
    // A new session id at every sign-in: an id planted before sign-in is worthless after it.
    await request.session.regenerate();
    request.session.set('userId', userId);
    request.session.set('refreshedAt', Date.now());
    return loadCurrentUser(db, userId);
  });

  api.post('/api/auth/logout', async (request) => {
    // The guard has already ended the session of a user who was removed.
    if (request.session) await request.session.destroy();
    return { message: 'Successfully logged out' };
  });

  api.get('/api/auth/user', async (request) => request.user);
}
