import { Button, Card, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatNaira } from '../../../domain/money';

export interface DetailLine {
  id: string;
  title: string;
  subtitle: string;
  date: string;
  amount: number;
}

/** The pages of one detail list loaded so far (useInfiniteQuery's state). */
export interface DetailPages {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * One list of the accounting details: lines in a 16rem scroll area, 100 at a
 * time with "Show more", then the period's total. The CSV comes from the
 * server and holds every line of the period, its total their sum.
 */
export function DetailsList(props: {
  heading: string;
  lines: DetailLine[] | undefined;
  pages: DetailPages;
  failed: string;
  empty: string;
  totalLabel: string;
  total: number | undefined;
  count: number;
  csvHref: string;
}) {
  const { pages } = props;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600}>{props.heading}</Text>
        <Button
          component="a"
          href={props.csvHref}
          download
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} aria-hidden />}
          aria-label={`Download ${props.heading} as CSV`}
        >
          CSV
        </Button>
      </Group>
      {pages.isError ? (
        <Text c="red" fz="sm">
          {props.failed}
        </Text>
      ) : pages.isPending || !props.lines ? (
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
                  <Text fz="sm" fw={600}>
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
          </Stack>
        </ScrollArea.Autosize>
      )}
      {pages.hasNextPage && (
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fz="xs" c="dimmed">
            {(props.lines?.length ?? 0).toLocaleString('en-NG')} of{' '}
            {props.count.toLocaleString('en-NG')} shown
          </Text>
          <Button
            variant="subtle"
            size="compact-xs"
            loading={pages.isFetchingNextPage}
            onClick={() => pages.fetchNextPage()}
          >
            Show more
          </Button>
        </Group>
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
