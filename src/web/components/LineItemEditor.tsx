import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A form's list of lines (an order's items, a recipe's ingredients): each line
 * with its fields and a remove button, the list's own error, and an add button
 * with an optional `footer` (the order's total) beside it. The last line stays:
 * a list needs at least one.
 */
export function LineItemEditor<Line extends { key: string }>(props: {
  title: string;
  /** "item": the remove buttons read "Remove item 2". */
  noun: string;
  addLabel: string;
  lines: Line[];
  error: ReactNode;
  lineTestId: string;
  onAdd: () => void;
  onRemove: (index: number) => void;
  footer?: ReactNode;
  /** A line's fields; `remove` is its remove button, placed where the line wants it. */
  children: (line: Line, index: number, remove: ReactNode) => ReactNode;
}) {
  const removeButton = (index: number) => (
    <ActionIcon
      variant="subtle"
      color="red"
      mt={28}
      aria-label={`Remove ${props.noun} ${index + 1}`}
      disabled={props.lines.length === 1}
      onClick={() => props.onRemove(index)}
    >
      <IconTrash size={18} />
    </ActionIcon>
  );
  return (
    <Stack gap="xs">
      <Text fw={600}>{props.title}</Text>
      {props.lines.map((line, index) => (
        <Group
          key={line.key}
          align="flex-start"
          gap="sm"
          wrap="wrap"
          data-testid={props.lineTestId}
        >
          {props.children(line, index, removeButton(index))}
        </Group>
      ))}
      {typeof props.error === 'string' && (
        <Text c="red" fz="sm">
          {props.error}
        </Text>
      )}
      <Group justify="space-between">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={props.onAdd}
        >
          {props.addLabel}
        </Button>
        {props.footer}
      </Group>
    </Stack>
  );
}
