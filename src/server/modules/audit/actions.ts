import type { RouteAudit } from '../../../domain/contracts/contract';

const VERBS: Record<string, string> = {
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};

/**
 * The action and record type of a write, as its route's contract declares,
 * given what was sent and how it ended. Every API write has a contract with
 * an audit action (the guard refuses to start otherwise); "other.<verb>" is
 * only a floor for a write that somehow has none.
 */
export function actionOf(
  method: string,
  audit: RouteAudit | undefined,
  input: { body: unknown; status: number },
): { action: string; recordType: string | null } {
  if (!audit) return { action: `other.${VERBS[method] ?? 'write'}`, recordType: null };
  return { action: audit.refine?.(input) ?? audit.action, recordType: audit.recordType };
}
