import { Button, Group, Switch } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

/** A page's add button: what it reads and what it opens. */
export interface AddAction {
  label: string;
  onClick: () => void;
}

/** New Batch, Add Item, Create Order...: the orange add button of a page's header. */
export function AddButton({ label, onClick }: AddAction) {
  return (
    <Button color="orange" leftSection={<IconPlus size={18} aria-hidden />} onClick={onClick}>
      {label}
    </Button>
  );
}

/**
 * The header of a list that archives (Inventory, Distributors): Show Archived,
 * then the add button for those who may write (`add` false for the others).
 */
export function ArchivedListActions(props: {
  showArchived: boolean;
  onShowArchived: (show: boolean) => void;
  add: AddAction | false;
}) {
  return (
    <Group gap="md">
      <Switch
        label="Show Archived"
        color="orange"
        checked={props.showArchived}
        onChange={(event) => props.onShowArchived(event.currentTarget.checked)}
      />
      {props.add && <AddButton {...props.add} />}
    </Group>
  );
}
