import { Button, Group } from '@mantine/core';

/**
 * A dialog form's Cancel and submit buttons; both wait while the form is being
 * saved, and submit stays off while `disabled` (a form not yet fillable).
 */
export function FormActions(props: {
  submitLabel: string;
  busy: boolean;
  disabled?: boolean;
  onCancel: () => void;
}) {
  return (
    <Group justify="flex-end" mt="sm">
      <Button variant="default" onClick={props.onCancel} disabled={props.busy}>
        Cancel
      </Button>
      <Button type="submit" color="orange" loading={props.busy} disabled={props.disabled}>
        {props.submitLabel}
      </Button>
    </Group>
  );
}
