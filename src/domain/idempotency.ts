/**
 * The Idempotency-Key of a write (issue 20): made by the device once per
 * write, sent with every try, so the server stores the write once whatever
 * the network does. docs/api.md, "Sending a write more than once".
 */
import { z } from 'zod';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** On an answer given again to a key already answered: nothing was written this time. */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replay';
/**
 * The id of the user who made a write kept on a device. Tabs share one
 * session cookie: a tab still showing one user may send after another has
 * signed in elsewhere, and the write must not be stored as the other's.
 */
export const MADE_BY_HEADER = 'Made-By';

export const KEY_NOT_UUID = 'Idempotency-Key must be a UUID';
export const KEY_REUSED =
  'This Idempotency-Key was sent before with another write: make a new key for each write';

export const MADE_BY_OTHER =
  'This record was made by another user than the one signed in: it is sent when they sign in';

/** A key as sent: a UUID (crypto.randomUUID() makes one), in any letter case. */
export const idempotencyKey = z.uuid({ error: KEY_NOT_UUID }).toLowerCase();
