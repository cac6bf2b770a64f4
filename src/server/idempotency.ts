/**
 * A write sent with an Idempotency-Key runs at most once per key (issue 20):
 * a device that recorded offline sends its queue when the network returns,
 * and sends a write again whenever it did not get the answer, so the same
 * write may arrive twice, or from two tabs at once.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAY_HEADER,
  idempotencyKey,
  KEY_NOT_UUID,
  KEY_REUSED,
  MADE_BY_HEADER,
  MADE_BY_OTHER,
} from '../domain/idempotency';
import { answerAsSent } from './auth/answer-limits';
import { SerializedAnswer } from './contract-route';
import type { Database } from './db/connection';
import { lockFor } from './db/locks';
import { inOpenRequestTransaction } from './db/request-transaction';
import { idempotentWrites } from './db/schema';
import { AppError, badRequest, notSignedIn } from './errors';
import { writesWithItsEvent } from './modules/audit/recorder';

/** The writes that take a key: those run in one transaction with their audit event. */
export const takesIdempotencyKey = writesWithItsEvent;

/** The key sent, lower case; undefined when none was. */
function keyOf(request: FastifyRequest): string | undefined {
  const sent = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (sent === undefined) return undefined;
  const key = idempotencyKey.safeParse(sent);
  if (!key.success) {
    throw badRequest(KEY_NOT_UUID, [{ path: IDEMPOTENCY_KEY_HEADER, message: KEY_NOT_UUID }]);
  }
  return key.data;
}

/** A write made on a device by one user is never stored under another's session. */
function refuseAnotherMaker(request: FastifyRequest): void {
  const madeBy = request.headers[MADE_BY_HEADER.toLowerCase()];
  if (madeBy === undefined || madeBy === request.user?.id) return;
  throw new AppError('SIGNED_IN_AS_ANOTHER_USER', MADE_BY_OTHER);
}

/**
 * The write once per key, inside the request's transaction. The advisory
 * lock makes sends of one key take turns (on PostgreSQL the others wait for
 * the first to commit, then find its row); the key's row is inserted with
 * the write, so it exists exactly when the write does. A refusal (an error
 * thrown, or any answer but a 2xx) stores nothing: the same key may be sent
 * again once the write is corrected.
 */
async function once(
  db: Database,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  write: () => Promise<unknown>,
): Promise<unknown> {
  if (!inOpenRequestTransaction()) {
    throw new Error('an idempotent write must run inside its request transaction');
  }
  const user = request.user;
  if (!user) throw notSignedIn();
  const route = `${request.method} ${request.routeOptions.url}`;
  await db.transaction((tx) => lockFor(tx, `bakery:idempotency:${key}`));
  const [first] = await db.select().from(idempotentWrites).where(eq(idempotentWrites.key, key));
  if (first) {
    if (first.userId !== user.id || first.route !== route) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', KEY_REUSED, [
        { path: IDEMPOTENCY_KEY_HEADER, message: KEY_REUSED },
      ]);
    }
    reply.code(first.status).header(IDEMPOTENT_REPLAY_HEADER, 'true');
    return new SerializedAnswer(first.answer);
  }
  const answer = await write();
  const status = reply.statusCode;
  if (status < 200 || status >= 300) return answer;
  // What the caller is sent (a receipt to one who may not read the module), kept as sent.
  const json = answerAsSent(request, status, answer);
  await db.insert(idempotentWrites).values({ key, userId: user.id, route, status, answer: json });
  return new SerializedAnswer(json);
}

/**
 * Wraps each write's handler. Installed before the audit recorder, so the
 * recorder's wrapper runs outside this one: the key's lock, its row and the
 * write all sit in the one request transaction, with the audit event.
 */
export function installIdempotency(app: FastifyInstance, db: Database): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => takesIdempotencyKey(method, route.url))) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function onceByKey(request, reply) {
      refuseAnotherMaker(request);
      const key = keyOf(request);
      if (key === undefined) return handler.call(this, request, reply);
      return once(db, key, request, reply, async () => handler.call(this, request, reply));
    };
  });
}
