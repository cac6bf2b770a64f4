/**
 * The whole database: the records docs/screens/ describe, plus stock_movements (every
 * change of stock leaves a trace), app_settings (values every app process
 * must share, such as the generated session secret) and login_attempts (the
 * sign-in throttle every app process on the database shares), and the
 * roll-ups the reports read.
 *
 * Money is NUMERIC(14,2): exact to the kobo. Unit costs are rates, kept to 4
 * decimals so that a lot's total divides back exactly. Stock quantities keep 3
 * decimals. Drizzle's `mode: 'number'` is the one place NUMERIC strings become
 * numbers; sums are always done in SQL.
 */
export * from './bakery';
export * from './credit';
export * from './offline';
export * from './people';
export * from './rollups';
export * from './trade';
export * from './waste';
export * from './wholesale';
