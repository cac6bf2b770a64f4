import type { FastifyInstance } from 'fastify';
import { isSafeMethod } from '../http-methods';
import { readsWrittenModule, visibleFields } from './access';
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
 * An answer never shows more than its caller may read (ROUTE_ACCESS decides):
 * a look-up reached through a form's right alone keeps only the fields that
 * rule names, and a write answers a caller without read on its module with a
 * receipt, `{ id, message }`, instead of the record. Installed before the
 * cached answers, so a cached full list is never sent to such a caller.
 */
export function installAnswerLimits(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    const access = accessOf(request);
    const user = request.user;
    if (!access || !user || reply.statusCode >= 300 || !payload || typeof payload !== 'object') {
      return payload;
    }
    if (isSafeMethod(request.method)) {
      const fields = visibleFields(access, user);
      if (!fields) return payload;
      return Array.isArray(payload)
        ? payload.map((record) => pick(record, fields))
        : pick(payload, fields);
    }
    if (readsWrittenModule(access, user)) return payload;
    return receiptOf(Array.isArray(payload) ? {} : (payload as Record<string, unknown>));
  });
}
