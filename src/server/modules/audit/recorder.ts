import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { IDEMPOTENT_REPLAY_HEADER } from '../../../domain/idempotency';
import { contractOf, SerializedAnswer } from '../../contract-route';
import type { Database } from '../../db/connection';
import { inRequestTransaction } from '../../db/request-transaction';
import { actionOf } from './actions';
import { accountNamed, accountWithId, type NewAuditEvent, recordEvent } from './service';
import { eventSummary } from './summary';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Answers longer than this are not read for the created record's id. */
const MAX_ANSWER_CHARS = 1_000_000;

/** What a replayed write did: nothing, its first answer given again. */
const REPLAYED = 'replayed';

/** A write sent again with its Idempotency-Key (src/server/idempotency.ts). */
const isReplay = (reply: FastifyReply) => reply.getHeader(IDEMPOTENT_REPLAY_HEADER) === 'true';

type Account = { id: string; username: string };
type Answer = Record<string, unknown>;

const asUuid = (value: unknown): string | null =>
  typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : null;

function accountIn(value: unknown): Account | null {
  if (!value || typeof value !== 'object') return null;
  const { id, username } = value as Record<string, unknown>;
  const uuid = asUuid(id);
  return uuid && typeof username === 'string' ? { id: uuid, username } : null;
}

/** The JSON answer as an object, when it is one. */
function answerOf(payload: unknown): Answer | null {
  if (typeof payload !== 'string' || payload.length > MAX_ANSWER_CHARS) return null;
  try {
    const parsed: unknown = JSON.parse(payload);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Answer)
      : null;
  } catch {
    return null;
  }
}

/** What a handler gave as an object; an answer made into JSON already (an idempotent write's) read back. */
function handlerAnswer(answer: unknown): Answer | null {
  if (answer instanceof SerializedAnswer) return answerOf(answer.json);
  return answer && typeof answer === 'object' ? (answer as Answer) : null;
}

/**
 * Who made the call. Sign-ins name the account signed in to (or, failed, the
 * existing account whose name was typed: a name that is no account is not
 * kept, since people type passwords into the username field). Otherwise the
 * signed-in user, or the session's user when the call was refused before the
 * guard loaded it (a cross-site write).
 */
async function actorOf(
  db: Database,
  request: FastifyRequest,
  action: string,
  answer: Answer | null,
): Promise<Account | null> {
  if (action === 'auth.login') return accountIn(answer);
  if (action === 'auth.register' && answer?.user) return accountIn(answer.user);
  if (action === 'auth.login_failed') {
    const typed = (request.body as { username?: unknown } | undefined)?.username;
    const usable = typeof typed === 'string' && typed.length <= 50 && !typed.includes('\u0000');
    return usable ? accountNamed(db, typed) : null;
  }
  if (request.user) return { id: request.user.id, username: request.user.username };
  // Null once a sign-out has ended it.
  const sessionUserId = asUuid(request.session?.userId);
  return sessionUserId ? accountWithId(db, sessionUserId) : null;
}

/** What came of it, when the summary says: a replay, or what a delete did. */
function resultOf(reply: FastifyReply, answer: Answer | null): unknown {
  if (isReplay(reply)) return REPLAYED;
  const { method } = reply.request;
  return method === 'DELETE' && reply.statusCode < 400 ? answer?.action : undefined;
}

async function eventOf(
  db: Database,
  reply: FastifyReply,
  route: string,
  answer: Answer | null,
): Promise<NewAuditEvent> {
  const { request, statusCode: status } = reply;
  const body = request.body;
  const { action, recordType } = actionOf(request.method, contractOf(request)?.audit, {
    body,
    status,
  });
  const actor = await actorOf(db, request, action, answer);
  const isAuth = action.startsWith('auth.');
  const params = (request.params ?? {}) as Record<string, unknown>;
  const createdId =
    status < 400 ? (asUuid(answer?.id) ?? asUuid(accountIn(answer?.user)?.id)) : null;
  const recordId = isAuth ? (actor?.id ?? null) : (asUuid(params.id) ?? createdId);
  // Sign-in bodies hold a password and perhaps a password typed as a name: never
  // kept. A registration that went through keeps its (redacted) fields.
  const keepInput = !isAuth || (action === 'auth.register' && status < 400);
  return {
    userId: actor?.id ?? null,
    username: actor?.username.slice(0, 50) ?? null,
    action,
    method: request.method,
    route: route.slice(0, 200),
    recordType,
    recordId,
    status,
    clientAddress: request.ip?.slice(0, 100) ?? null,
    summary: eventSummary({
      input: keepInput ? body : undefined,
      error: status >= 400 ? answer?.message : undefined,
      result: resultOf(reply, answer),
    }),
  };
}

const isAuditedWrite = (method: string, route: string | undefined): route is string =>
  WRITE_METHODS.has(method) && route?.startsWith('/api/') === true;

/**
 * Sign-in, sign-out and registration run outside a request transaction: a
 * refused sign-in must still count against the throttle, which a rollback
 * would undo. Their events are written as their answers leave.
 */
const ownsItsWrites = (route: string) => route.startsWith('/api/auth/');

/** The writes whose handler runs in one transaction with its event: every audited one but sign-in's. */
export const writesWithItsEvent = (method: string, route: string): boolean =>
  isAuditedWrite(method, route) && !ownsItsWrites(route);

/**
 * Records every write to the API (POST, PUT, PATCH, DELETE on a route of
 * /api/), answered or refused, with its status.
 *
 * A write's handler runs in one transaction that every query it makes joins
 * (`requestScoped`), and its event is inserted last in that transaction: the
 * write and its event commit together or not at all, so no crash can keep a
 * write without its event, and a write whose event cannot be stored is
 * refused. A refused write wrote nothing (its transaction rolled back); its
 * event is written as the answer leaves, as are those of the sign-in routes.
 */
export function installAuditRecorder(app: FastifyInstance, db: Database): void {
  const recordedWithWrite = new WeakSet<FastifyRequest>();

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => writesWithItsEvent(method, route.url))) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function writeWithItsEvent(request, reply) {
      return inRequestTransaction(
        db,
        async () => handler.call(this, request, reply),
        async (answer) => {
          const event = await eventOf(db, reply, route.url, handlerAnswer(answer));
          await recordEvent(db, event).catch((error: unknown) => {
            // Not the caller's fault, whatever the database said: logged here,
            // and answered as a server error (no `cause` for the answer to read).
            request.log.error({ err: error, route: route.url }, 'audit event not recorded');
            throw new Error('audit event not recorded: the write was rolled back');
          });
          recordedWithWrite.add(request);
        },
      );
    };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (!isAuditedWrite(request.method, route) || recordedWithWrite.has(request)) return payload;
    try {
      await recordEvent(db, await eventOf(db, reply, route, answerOf(payload)));
    } catch (error) {
      request.log.error(
        {
          err: error,
          method: request.method,
          route,
          status: reply.statusCode,
          userId: request.user?.id,
        },
        'audit event not recorded',
      );
    }
    return payload;
  });
}
