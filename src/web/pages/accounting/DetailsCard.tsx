import { Card, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatNaira } from '../../../domain/money';

export interface DetailLine {
  id: string;
  title: string;
  subtitle: string;
  date: string;
  amount: number;
}

/** One list of the accounting details: lines in a 16rem scroll area, then the total. */
export function DetailsList(props: {
  heading: string;
  lines: DetailLine[] | undefined;
  state: { isPending: boolean; isError: boolean };
  failed: string;
  empty: string;
  totalLabel: string;
  total: number | undefined;
  more: number;
}) {
  return (
    <Stack gap="xs">
      <Text fw={600}>{props.heading}</Text>
      {props.state.isError ? (
        <Text c="red" fz="sm">
          {props.failed}
        </Text>
      ) : props.state.isPending || !props.lines ? (
        <Text c="dimmed" fz="sm">
          Loading...
        </Text>
      ) : props.lines.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {props.empty}
        </Text>
      ) : (
        <ScrollArea.Autosize mah="16rem" type="auto">
          <Stack gap={6} pr="sm">
            {props.lines.map((line) => (
              <Group key={line.id} justify="space-between" wrap="nowrap" data-testid="detail-line">
                <div style={{ minWidth: 0 }}>
                  <Text fz="sm" fw={600} truncate="end">
                    {line.title}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {line.subtitle} · {line.date}
                  </Text>
                </div>
                <Text fz="sm" fw={600} style={{ flexShrink: 0 }}>
                  {formatNaira(line.amount)}
                </Text>
              </Group>
            ))}
            {props.more > 0 && (
              <Text fz="xs" c="dimmed">
                and {props.more} more in the total below
              </Text>
            )}
          </Stack>
        </ScrollArea.Autosize>
      )}
      {props.total !== undefined && (
        <Group
          justify="space-between"
          pt={4}
          style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Text fw={700} fz="sm">
            {props.totalLabel}
          </Text>
          <Text fw={700} fz="sm" data-testid="detail-total">
            {formatNaira(props.total)}
          </Text>
        </Group>
      )}
    </Stack>
  );
}

export function DetailsCard(props: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" p="lg">
      <Title order={2} fz="lg" mb="md">
        {props.title}
      </Title>
      <Stack gap="lg">{props.children}</Stack>
    </Card>
  );
}
