import type { FastifyInstance } from 'fastify';
import { authApi } from '../../../domain/contracts/auth';
import { signedInUser } from '../../auth/guard';
import type { LoginThrottle } from '../../auth/login-throttle';
import type { Sessions } from '../../auth/sessions';
import { serve } from '../../contract-route';
import type { Database } from '../../db/connection';
import { AppError } from '../../errors';
import {
  authenticate,
  INVALID_CREDENTIALS,
  loadCurrentUser,
  registerUser,
  registrationState,
} from './service';

const minutes = (n: number) => `${n} minute${n === 1 ? '' : 's'}`;

export function authRoutes(
  app: FastifyInstance,
  deps: { db: Database; throttle: LoginThrottle; timeZone: string; sessions: Sessions },
) {
  const { db, throttle, timeZone, sessions } = deps;

  serve(app, authApi.appInfo, async () => ({ timeZone, ...(await registrationState(db)) }));

  // Every registration counts against the address's registrations, and each
  // refusal against it like a failed sign-in (see the contract).
  serve(app, authApi.register, async (request) => {
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
    return { message: 'Account created! Please log in.', user };
  });

  serve(app, authApi.login, async (request, reply) => {
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
    const user = await loadCurrentUser(db, userId);
    // Deactivated between the password check and now: refused like any deactivated account.
    if (!user) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    await attempt.succeeded();
    await sessions.start(request, reply, userId);
    return user;
  });

  serve(app, authApi.logout, async (request, reply) => {
    // The guard has already ended the session of a user who was removed.
    await sessions.end(request, reply);
    return { message: 'Successfully logged out' };
  });

  serve(app, authApi.user, async (request) => signedInUser(request));
}
