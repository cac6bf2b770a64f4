import { Button, Group, Modal, Text } from '@mantine/core';

/** "Are you sure?" before something that cannot be undone. */
export function ConfirmDialog(props: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Text mb="lg">{props.message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose} disabled={props.busy}>
          Cancel
        </Button>
        <Button color="red" onClick={props.onConfirm} loading={props.busy}>
          {props.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
