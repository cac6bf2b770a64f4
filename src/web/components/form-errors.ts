import type { UseFormReturnType } from '@mantine/form';
import { ApiError } from '../api/http';

/** Puts the server's per-field messages beside the fields they belong to. */
// biome-ignore lint/suspicious/noExplicitAny: any form's values will do
export function showServerErrors(form: UseFormReturnType<any>, error: unknown): void {
  if (!(error instanceof ApiError) || error.fieldErrors.length === 0) return;
  form.setErrors(Object.fromEntries(error.fieldErrors.map((e) => [e.path, e.message])));
}
