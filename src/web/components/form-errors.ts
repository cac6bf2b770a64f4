import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { ApiError, errorText } from '../api/http';
import { notifyError, notifySuccess } from '../api/notify';

/** Puts the server's per-field messages beside the fields they belong to. */
// biome-ignore lint/suspicious/noExplicitAny: any form's values will do
export function showServerErrors(form: UseFormReturnType<any>, error: unknown): void {
  if (!(error instanceof ApiError) || error.fieldErrors.length === 0) return;
  form.setErrors(Object.fromEntries(error.fieldErrors.map((e) => [e.path, e.message])));
}

/**
 * What every dialog form does when its save finishes: on success a toast and
 * close; on failure the server's field messages beside the fields and an error
 * toast with the server's message (or the screen's own fallback).
 */
export function saveHandlers<TResult>(
  // biome-ignore lint/suspicious/noExplicitAny: any form's values will do
  form: UseFormReturnType<any>,
  options: {
    success: (result: TResult) => { title: string; message: ReactNode };
    failure: string;
    onDone: () => void;
  },
) {
  return {
    onSuccess: (result: TResult) => {
      const toast = options.success(result);
      notifySuccess(toast.title, toast.message);
      options.onDone();
    },
    onError: (error: unknown) => {
      showServerErrors(form, error);
      notifyError('Error', errorText(error, options.failure));
    },
  };
}
