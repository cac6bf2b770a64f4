import { Button, Group, Modal, Text } from '@mantine/core';

/** "Are you sure?" before something that cannot be undone, or a slip that would cost money. */
export function ConfirmDialog(props: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** What backing out is called ("Keep batch"); plain Cancel sits badly beside "Cancel batch". */
  cancelLabel?: string;
  confirmColor?: string;
  /** Off when the caller moves focus itself on close (to the field to change, say). */
  returnFocus?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      centered
      returnFocus={props.returnFocus ?? true}
    >
      <Text mb="lg">{props.message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose} disabled={props.busy}>
          {props.cancelLabel ?? 'Cancel'}
        </Button>
        <Button color={props.confirmColor ?? 'red'} onClick={props.onConfirm} loading={props.busy}>
          {props.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
