import { Button, Card, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { csvAmount } from '../../../domain/csv';
import { formatNaira } from '../../../domain/money';
import { downloadCsv } from '../../components/download-csv';

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
  fileName: string;
}) {
  const download = () =>
    downloadCsv(props.fileName, [
      ['Date', 'Item', 'Details', 'Amount'],
      ...(props.lines ?? []).map((line) => [
        line.date,
        line.title,
        line.subtitle,
        csvAmount(line.amount),
      ]),
      ['', props.totalLabel, '', csvAmount(props.total ?? 0)],
    ]);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600}>{props.heading}</Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={download}
          disabled={!props.lines?.length}
          aria-label={`Download ${props.heading} as CSV`}
        >
          CSV
        </Button>
      </Group>
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
