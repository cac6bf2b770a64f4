import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { csvAmount } from '../../../domain/csv';
import { RETURN_REASON_LABELS } from '../../../domain/distributor-schemas';
import { formatNaira } from '../../../domain/money';
import { formatDay } from '../../components/format';
import { LoadingLine } from '../../components/LoadingLine';
import { HISTORY_PAGE, returnsHistoryCsvUrl, useReturnsHistory } from './queries';
import { count } from './ReportState';
import { ReportTable } from './ReportTable';

/**
 * All Returns History, newest first, a page of 100 at a time: Older follows
 * the page's cursor, Newer goes back to the one before. The CSV is the
 * server's file of every return in the dates. Keyed by the dates by its
 * parent, so new dates start at the newest page.
 */
export function ReturnsHistory(props: { filter: string; timeZone: string; total: number }) {
  // The cursor each visited page was read after; the first page has none.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const page = cursors.length - 1;
  const history = useReturnsHistory(props.filter, cursors[page]);
  if (history.isPending) return <LoadingLine label="Loading returns..." />;
  if (history.isError) return <Text c="red">Failed to load the returns history</Text>;
  const { rows, nextCursor } = history.data;
  const first = page * HISTORY_PAGE + 1;
  return (
    <ReportTable
      title="All Returns History"
      fileName="returns-history.csv"
      csvHref={returnsHistoryCsvUrl(props.filter)}
      rows={rows}
      rowKey={(row) => row.id}
      empty="No returns in these dates"
      columns={[
        { header: 'Date', text: (row) => formatDay(row.createdAt, props.timeZone) },
        { header: 'Distributor', text: (row) => row.distributorName ?? 'Unknown' },
        { header: 'Bread Type', text: (row) => row.recipeName },
        {
          header: 'Loaves',
          text: (row) => count(row.loavesReturned),
          csv: (row) => row.loavesReturned,
          align: 'right',
        },
        {
          header: 'Amount',
          text: (row) => formatNaira(row.amount),
          csv: (row) => csvAmount(row.amount),
          align: 'right',
        },
        { header: 'Reason', text: (row) => RETURN_REASON_LABELS[row.reason] },
        { header: 'Notes', text: (row) => row.notes || '-' },
      ]}
      footer={
        (page > 0 || nextCursor) && (
          <Group justify="space-between" mt="md" gap="xs" data-testid="history-pager">
            {/* While the next page loads the last one stays on view: name no rows until it is in. */}
            <Text fz="sm" c="dimmed" aria-live="polite">
              {history.isPlaceholderData
                ? 'Loading returns...'
                : `${count(first)}–${count(first + rows.length - 1)} of ${count(props.total)}`}
            </Text>
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                leftSection={<IconChevronLeft size={14} aria-hidden />}
                disabled={page === 0 || history.isPlaceholderData}
                onClick={() => setCursors((visited) => visited.slice(0, -1))}
              >
                Newer
              </Button>
              <Button
                variant="default"
                size="xs"
                rightSection={<IconChevronRight size={14} aria-hidden />}
                disabled={!nextCursor || history.isPlaceholderData}
                onClick={() => setCursors((visited) => [...visited, nextCursor])}
              >
                Older
              </Button>
            </Group>
          </Group>
        )
      }
    />
  );
}
