import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One record in a card's list (a payment, a write-off): what it is and its
 * details on the left, its amount and anything under it on the right, kept
 * on one line at 360 px by letting the left side wrap instead.
 */
export function RecordRow({
  title,
  details,
  amount,
  under,
  testId,
}: {
  title: ReactNode;
  /** Each a line of its own, dimmed. */
  details: ReactNode[];
  amount: string;
  under?: ReactNode;
  testId: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" data-testid={testId}>
      <div style={{ minWidth: 0 }}>
        <Text fw={600}>{title}</Text>
        {details.map((line, index) => (
          // The lines are fixed in number and order for a kind of record.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Text key={index} fz="sm" c="dimmed">
            {line}
          </Text>
        ))}
      </div>
      <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
        <Text fw={700}>{amount}</Text>
        {under}
      </Stack>
    </Group>
  );
}
