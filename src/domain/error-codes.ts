// No zod here: the web's first page needs the codes, not the schemas.
/**
 * Every error the API answers carries one of these codes beside its message,
 * so a client branches on the code, never on the words. The status is the
 * HTTP status it always comes with; `meaning` is what the API document says.
 */
export const ERROR_CODES = {
  // Any route
  INVALID_INPUT: { status: 400, meaning: 'The request or one of its fields is not valid' },
  NOT_SIGNED_IN: { status: 401, meaning: 'No session, or it has ended' },
  FORBIDDEN: { status: 403, meaning: 'The caller does not hold the right this call needs' },
  CROSS_SITE_REFUSED: { status: 403, meaning: 'A write sent from another site' },
  NOT_FOUND: { status: 404, meaning: 'No such record or address' },
  CONFLICT: { status: 409, meaning: 'The change clashes with a record that exists' },
  BODY_TOO_LARGE: { status: 413, meaning: 'The request body is too large' },
  URL_TOO_LONG: { status: 414, meaning: 'The address of the request is too long' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, meaning: 'The body is not JSON' },
  TOO_MANY_ATTEMPTS: { status: 429, meaning: 'Too many attempts: wait and try again' },
  SERVER_ERROR: { status: 500, meaning: 'Something failed on the server' },
  DATABASE_UNAVAILABLE: {
    status: 503,
    meaning: 'The server lost its connection to the database: try again in a moment',
  },

  // Auth and admin
  INVALID_CREDENTIALS: {
    status: 401,
    meaning: 'Wrong username or password, or a deactivated account',
  },
  REGISTRATION_CLOSED: { status: 403, meaning: 'An administrator has closed self-registration' },
  USERNAME_TAKEN: { status: 409, meaning: 'Another account has this username' },
  EMAIL_TAKEN: { status: 409, meaning: 'Another account has this e-mail address' },
  OWN_ACCOUNT: {
    status: 409,
    meaning: 'Administrators cannot delete, deactivate or demote their own account',
  },
  LAST_ADMIN: { status: 409, meaning: 'The change would leave no active administrator' },
  USER_ALREADY_DEACTIVATED: { status: 409, meaning: 'The user is deactivated already' },
  ROLE_NAME_TAKEN: { status: 409, meaning: 'Another role has this name' },

  // Inventory, purchase orders and recipes
  ITEM_NAME_TAKEN: { status: 409, meaning: 'Another item in use has that name' },
  ITEM_IN_USE: {
    status: 409,
    meaning: 'A recipe in use or an order awaiting delivery needs the item',
  },
  ITEM_ALREADY_ARCHIVED: { status: 409, meaning: 'The item is archived already' },
  ITEM_NOT_ARCHIVED: { status: 409, meaning: 'The item is not archived' },
  ORDER_NUMBER_TAKEN: { status: 409, meaning: 'Another order has that order number' },
  ORDER_ALREADY_SHIPPED: { status: 409, meaning: 'The order has been shipped already' },
  ORDER_ALREADY_RECEIVED: { status: 409, meaning: 'The order has been received already' },
  ORDER_CANCELLED: { status: 409, meaning: 'The order has been cancelled' },
  ORDER_ITEM_GONE: { status: 409, meaning: 'An item on the order is no longer in inventory' },
  RECIPE_NAME_TAKEN: { status: 409, meaning: 'Another recipe in use has that name' },
  RECIPE_INGREDIENT_GONE: {
    status: 409,
    meaning: 'An ingredient of the deleted recipe is no longer in inventory',
  },
  RECIPE_INGREDIENT_ARCHIVED: {
    status: 409,
    meaning: 'An ingredient of the deleted recipe is archived: unarchive it first',
  },

  // Production, production history and reports
  BATCH_NUMBER_TAKEN: { status: 409, meaning: 'Another batch has that batch number' },
  BATCH_INGREDIENT_GONE: {
    status: 409,
    meaning: 'An ingredient of the recipe is no longer in inventory: edit the recipe',
  },
  INGREDIENT_UNIT_CHANGED: {
    status: 409,
    meaning: "An ingredient's unit no longer fits the recipe's: edit the recipe",
  },
  BATCH_ALREADY_STARTED: { status: 409, meaning: 'The batch is in progress already' },
  BATCH_ALREADY_COMPLETED: { status: 409, meaning: 'The batch has been completed already' },
  BATCH_CANCELLED: { status: 409, meaning: 'The batch has been cancelled' },

  // Sales, distributors and accounting
  LOAVES_NOT_AVAILABLE: {
    status: 409,
    meaning: 'Fewer loaves of that bread are left than asked for',
  },
  DISTRIBUTOR_ARCHIVED: {
    status: 409,
    meaning: 'The distributor is archived and takes no new records',
  },
  DISTRIBUTOR_ALREADY_ARCHIVED: { status: 409, meaning: 'The distributor is archived already' },
  DISTRIBUTOR_NOT_ARCHIVED: { status: 409, meaning: 'The distributor is not archived' },
  LOAVES_NOT_RETURNABLE: {
    status: 409,
    meaning: 'The distributor has fewer loaves of that bread left to return than sent back',
  },

  // Standing orders and the order book (issue 18)
  ORDER_DAY_PAST: { status: 400, meaning: 'Orders of a day before today cannot be changed' },
  ORDER_DAY_CLOSED: {
    status: 403,
    meaning: "The day's orders closed at the cut-off: only Sales delete may still change them",
  },

  // Dispatch and settlement (issue 18)
  DISPATCH_NOT_TODAY: { status: 400, meaning: "Only today's orders can be dispatched" },
  DISPATCH_ALREADY_MADE: {
    status: 409,
    meaning: "The distributor's dispatch of that day has been made already",
  },
  SETTLEMENT_NOT_TODAY: { status: 400, meaning: "Only today's dispatch can be settled" },
  SETTLEMENT_NOT_DISPATCHED: {
    status: 409,
    meaning: 'The distributor was not dispatched that day, so there is nothing to settle',
  },
  SETTLEMENT_ALREADY_MADE: {
    status: 409,
    meaning: "The distributor's settlement of that day has been made already",
  },

  // Stale bread and waste (issue 18)
  LOAVES_NOT_ON_HAND: {
    status: 409,
    meaning: 'Fewer loaves of that kind are left to write off than asked for',
  },
  RETURN_TOO_OLD: {
    status: 409,
    meaning: 'Returned loaves are written off within a week of their return',
  },

  // Credit control (issue 19)
  CREDIT_LIMIT_EXCEEDED: {
    status: 409,
    meaning: "The sale would take the distributor's balance over its credit limit",
  },
  CREDIT_OVERRIDE_NOT_ALLOWED: {
    status: 403,
    meaning: 'Only Distributors delete may allow a sale over the credit limit',
  },
  PHONE_NOT_USABLE: {
    status: 400,
    meaning: "The distributor's phone number cannot be used for WhatsApp or SMS",
  },
  STATEMENT_LINK_NOT_VALID: {
    status: 404,
    meaning: 'The statement link is wrong, expired or revoked',
  },
  TRANSFER_ALREADY_DECIDED: {
    status: 409,
    meaning: 'The transfer has been confirmed or rejected already',
  },

  // Offline selling (issue 20)
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    meaning: 'The Idempotency-Key was sent before by another user, or to another call',
  },
  SIGNED_IN_AS_ANOTHER_USER: {
    status: 401,
    meaning: 'The write was made by another user (Made-By) than the one signed in',
  },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
export type ErrorStatus = (typeof ERROR_CODES)[ErrorCode]['status'];

export const errorCodes = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** The code a status gets when nothing more precise is known (a framework's refusal, say). */
export function codeOfStatus(status: number): ErrorCode {
  const generic = errorCodes.find((code) => ERROR_CODES[code].status === status);
  return generic ?? (status >= 500 ? 'SERVER_ERROR' : 'INVALID_INPUT');
}
