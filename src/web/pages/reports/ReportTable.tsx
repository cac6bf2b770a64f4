import { Button, Card, Group, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { downloadCsv } from '../../components/download-csv';
import { StackedTable } from '../../components/StackedTable';

export interface Column<T> {
  header: string;
  /** What the table shows. */
  text: (row: T) => string;
  /** What the cell shows when more than its text (a link); the CSV keeps `csv` or `text`. */
  cell?: (row: T) => ReactNode;
  /** What the CSV holds, when it differs (plain amounts instead of ₦ text). */
  csv?: (row: T) => string | number;
  align?: 'right';
}

/**
 * A report table with its title and a Download CSV: of exactly its rows, or,
 * for a table shown a page at a time, the server's file of every row
 * (`csvHref`) with the pager as `footer`.
 */
export function ReportTable<T>(props: {
  title: string;
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  empty: string;
  fileName: string;
  csvHref?: string;
  footer?: ReactNode;
}) {
  const download = () =>
    downloadCsv(props.fileName, [
      props.columns.map((column) => column.header),
      ...props.rows.map((row) => props.columns.map((column) => (column.csv ?? column.text)(row))),
    ]);
  return (
    <Card withBorder radius="lg" p="lg" data-testid="report-table">
      <Group justify="space-between" mb="md" wrap="wrap" gap="xs">
        <Title order={2} fz="md">
          {props.title}
        </Title>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} aria-hidden />}
          disabled={props.rows.length === 0}
          aria-label={`Download ${props.title} as CSV`}
          // With no rows it is a disabled button, not a link: a link cannot be disabled.
          {...(props.csvHref && props.rows.length > 0
            ? { component: 'a', href: props.csvHref, download: props.fileName }
            : { onClick: download })}
        >
          CSV
        </Button>
      </Group>
      {props.rows.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {props.empty}
        </Text>
      ) : (
        // On a phone each row is a card (its first column the title), not a table scrolled sideways.
        <StackedTable minWidth={560} striped fz="sm" verticalSpacing="xs" aria-label={props.title}>
          <Table.Thead>
            <Table.Tr>
              {props.columns.map((column) => (
                <Table.Th key={column.header} data-figure={column.align === 'right' || undefined}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.rows.map((row) => (
              <Table.Tr key={props.rowKey(row)}>
                {props.columns.map((column, index) => (
                  <Table.Td
                    key={column.header}
                    data-label={index === 0 ? undefined : column.header}
                    data-figure={column.align === 'right' || undefined}
                  >
                    {(column.cell ?? column.text)(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </StackedTable>
      )}
      {props.footer}
    </Card>
  );
}
