import { type FormErrors, schemaResolver } from '@mantine/form';
import type { FormEvent } from 'react';
import type { LoginInput, RegisterInput } from '../../../domain/auth-schemas';

type AuthSchemas = typeof import('../../../domain/auth-schemas');

let schemas: AuthSchemas | undefined;
let loading: Promise<void> | undefined;

/**
 * Starts loading the shared sign-in and registration schemas, once, and resolves when
 * they are there. With zod under them they are a sixth of the landing page's script, so
 * they come in a chunk of their own after the page has drawn, not before it.
 */
export function authSchemasLoaded(): Promise<void> {
  loading ??= import('../../../domain/auth-schemas').then((module) => {
    schemas = module;
  });
  return loading;
}

/**
 * Loads the schemas once the page is idle, so that they never compete with its first
 * paint. Safari has no requestIdleCallback: there a short timer stands in for it.
 */
export function loadAuthSchemasWhenIdle(): () => void {
  const load = () => void authSchemasLoaded();
  if ('requestIdleCallback' in window) {
    const id = requestIdleCallback(load);
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(load, 300);
  return () => clearTimeout(id);
}

/** The forms submit through whenSchemasLoaded(), so these always have their schema. */
export function validateLogin(values: LoginInput): FormErrors {
  return schemas ? schemaResolver(schemas.loginSchema, { sync: true })(values) : {};
}

export function validateRegistration(values: RegisterInput): FormErrors {
  return schemas ? schemaResolver(schemas.registerSchema, { sync: true })(values) : {};
}

/** A form's submit handler that first waits for the schemas, if they are not in yet. */
export function whenSchemasLoaded(submit: () => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void authSchemasLoaded().then(submit);
  };
}
