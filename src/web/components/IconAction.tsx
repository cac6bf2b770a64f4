import { ActionIcon, Tooltip } from '@mantine/core';
import type { IconPencil } from '@tabler/icons-react';

/** A small icon button with a tooltip; `label` is also what screen readers announce. */
export function IconAction(props: {
  label: string;
  tooltip: string;
  icon: typeof IconPencil;
  colour?: string;
  onClick: () => void;
}) {
  return (
    <Tooltip label={props.tooltip}>
      <ActionIcon
        variant="subtle"
        color={props.colour}
        aria-label={props.label}
        onClick={props.onClick}
      >
        <props.icon size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
