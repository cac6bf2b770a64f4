import type { UseFormReturnType } from '@mantine/form';
import { useEffect } from 'react';

/**
 * A dialog's form starts afresh each time the dialog opens: `values()`, not
 * dirty, no errors. `record` holds what the dialog opens on (the row being edited, the
 * item being reordered): opening on another one starts afresh too. Nothing
 * else does, so a refetch or a re-render never wipes what is being typed.
 */
export function useResetOnOpen<Values>(
  form: UseFormReturnType<Values>,
  opened: boolean,
  values: () => Values,
  record: readonly unknown[] = [],
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only opening or another record resets; the form and `values` are new on every render
  useEffect(() => {
    if (!opened) return;
    const fresh = values();
    form.setValues(fresh);
    form.resetDirty(fresh);
    form.clearErrors();
  }, [opened, ...record]);
}
