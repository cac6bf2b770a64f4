import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readsWrittenModule, visibleFields } from '../../domain/access';
import { answerThrough, contractOf, jsonOf, SerializedAnswer } from '../contract-route';
import { isSafeMethod } from '../http-methods';
import { accessOf } from './guard';

const pick = (record: unknown, fields: ReadonlySet<string>) =>
  record && typeof record === 'object'
    ? Object.fromEntries(Object.entries(record).filter(([key]) => fields.has(key)))
    : record;

/**
 * What a write answers to a caller who may not read the module it wrote to:
 * the record's id, a delete's action ('deleted' or 'archived') and its message
 * ('Saved' when it has none).
 */
function receiptOf(answer: Record<string, unknown>) {
  const { id, action, message } = answer;
  return {
    ...(id === undefined ? {} : { id }),
    ...(action === undefined ? {} : { action }),
    message: message ?? 'Saved',
  };
}

/**
 * An answer never shows more than its caller may read (its contract's access decides):
 * a look-up reached through a form's right alone keeps only the fields that
 * rule names, and a write answers a caller without read on its module with a
 * receipt, `{ id, message }`, instead of the record. Installed before the
 * cached answers, so a cached full list is never sent to such a caller.
 */
export function installAnswerLimits(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload: unknown) =>
    limitedAnswer(request, reply.statusCode, payload),
  );
}

/** The answer as this caller may see it (see installAnswerLimits). */
function limitedAnswer(request: FastifyRequest, status: number, payload: unknown): unknown {
  const access = accessOf(request);
  const user = request.user;
  if (!access || !user || status >= 300 || !payload || typeof payload !== 'object') {
    return payload;
  }
  // Made into JSON for this caller already: a write sent with an Idempotency-Key, or its replay.
  if (payload instanceof SerializedAnswer) return payload;
  if (isSafeMethod(request.method)) {
    const fields = visibleFields(access, user);
    if (!fields) return payload;
    const whole = declared(request, status, payload);
    return serialized(
      request,
      Array.isArray(whole) ? whole.map((record) => pick(record, fields)) : pick(whole, fields),
    );
  }
  if (readsWrittenModule(access, user)) return payload;
  return serialized(
    request,
    receiptOf(Array.isArray(payload) ? {} : (payload as Record<string, unknown>)),
  );
}

/**
 * The JSON a handler's answer goes out as, made now: trimmed for its caller
 * and through the route's schema, as the hooks and the serializer would.
 * Whoever keeps it (idempotent writes) keeps what was sent.
 */
export function answerAsSent(request: FastifyRequest, status: number, payload: unknown): string {
  const schema = contractOf(request)?.response[status];
  return jsonOf(schema, limitedAnswer(request, status, payload));
}

/** The answer through its route's response schema, so a picked field is a declared one. */
function declared(request: FastifyRequest, status: number, payload: object): unknown {
  const schema = contractOf(request)?.response[status];
  return schema ? answerThrough(schema, payload) : payload;
}

/**
 * A trimmed answer or a receipt no longer matches the route's response
 * schema, so it goes out as JSON made here (the route's serializer passes it on).
 */
const serialized = (request: FastifyRequest, answer: unknown) =>
  contractOf(request) ? new SerializedAnswer(JSON.stringify(answer)) : answer;
