import type { ModuleKey } from './modules';
import { MODULE_DISPLAY_NAMES } from './modules';
import { type AccessSubject, hasRight, type Right } from './permissions';

/** Who may call a route: every API route's contract declares one. */
export type Access =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'admin' }
  | { kind: 'module'; module: ModuleKey; right: Right }
  /** Look-ups another module's form needs: any one of these rights will do. */
  | { kind: 'any-of'; rules: AccessRule[] }
  /** A write that records in several modules at once: every one of these rights is needed. */
  | { kind: 'all-of'; rules: { module: ModuleKey; right: Right }[] };

export interface AccessRule {
  module: ModuleKey;
  right: Right;
  /**
   * A caller let in by this rule alone (a form's right, not the list's read)
   * gets only these fields of each record: what the form needs.
   */
  fields?: readonly string[];
}

export function routeKey(method: string, url: string): string {
  // Fastify adds a HEAD route beside every GET; both need the same right.
  return `${method === 'HEAD' ? 'GET' : method} ${url}`;
}

/**
 * The fields of each record a look-up shows this caller: undefined for all of
 * them (a rule without `fields` lets the caller in), else those of every rule
 * that does.
 */
export function visibleFields(
  access: Access,
  subject: AccessSubject,
): ReadonlySet<string> | undefined {
  if (access.kind !== 'any-of') return undefined;
  const held = access.rules.filter((rule) => hasRight(subject, rule.module, rule.right));
  if (held.some((rule) => !rule.fields)) return undefined;
  return new Set(held.flatMap((rule) => rule.fields ?? []));
}

/** A write to a module answers in full only to a caller who may read that module. */
export function readsWrittenModule(access: Access, subject: AccessSubject): boolean {
  if (access.kind === 'all-of') {
    return access.rules.every((rule) => hasRight(subject, rule.module, 'read'));
  }
  return access.kind !== 'module' || hasRight(subject, access.module, 'read');
}

export function isAllowed(access: Access, subject: AccessSubject): boolean {
  switch (access.kind) {
    case 'public':
    case 'signed-in':
      return true;
    case 'admin':
      return subject.isAdmin;
    case 'module':
      return hasRight(subject, access.module, access.right);
    case 'any-of':
      return access.rules.some((rule) => hasRight(subject, rule.module, rule.right));
    case 'all-of':
      return access.rules.every((rule) => hasRight(subject, rule.module, rule.right));
  }
}

const VERB: Record<Right, string> = { read: 'view', write: 'change', delete: 'delete from' };

export function denialMessage(access: Access): string {
  switch (access.kind) {
    case 'admin':
      return 'Only administrators can do this';
    case 'module':
      return `You do not have permission to ${VERB[access.right]} ${MODULE_DISPLAY_NAMES[access.module]}`;
    case 'all-of':
      return `This needs permission to ${access.rules
        .map((rule) => `${VERB[rule.right]} ${MODULE_DISPLAY_NAMES[rule.module]}`)
        .join(' and ')}`;
    default:
      return 'You do not have permission to do this';
  }
}

/** The rule in words, as the API description shows it. */
export function describeAccess(access: Access): string {
  switch (access.kind) {
    case 'public':
      return 'anyone';
    case 'signed-in':
      return 'any signed-in user';
    case 'admin':
      return 'administrators';
    case 'module':
      return `${access.right} on ${access.module}`;
    case 'any-of':
      return access.rules
        .map(
          (rule) =>
            `${rule.right} on ${rule.module}${rule.fields ? ` (only ${rule.fields.join(', ')})` : ''}`,
        )
        .join(' or ');
    case 'all-of':
      return access.rules.map((rule) => `${rule.right} on ${rule.module}`).join(' and ');
  }
}

export const PUBLIC: Access = { kind: 'public' };
export const SIGNED_IN: Access = { kind: 'signed-in' };
export const ADMIN: Access = { kind: 'admin' };
export const moduleRight = (module: ModuleKey, right: Right): Access => ({
  kind: 'module',
  module,
  right,
});
