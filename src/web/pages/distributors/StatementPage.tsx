import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { EARLIEST_DATE } from '../../../domain/fields';
import { businessDate, DEFAULT_TIME_ZONE } from '../../../domain/time';
import { useAppInfo } from '../../auth/queries';
import { DateField } from '../../components/DateField';
import { DATE_INPUT_FORMAT, formatDate, formatDateTime } from '../../components/format';
import { Letterhead } from '../../components/Letterhead';
import { LoadingLine } from '../../components/LoadingLine';
import { statementCsvUrl, useStatement } from './queries';
import { StatementAgeing } from './StatementAgeing';
import { StatementLines } from './StatementLines';

/**
 * A distributor's statement for a date range: every sale, payment and return
 * with the running balance, to print or download as CSV.
 */
export default function StatementPage() {
  const { id = '' } = useParams<{ id: string }>();
  const timeZone = useAppInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const today = businessDate(new Date(), timeZone);
  const [startDate, setStartDate] = useState(`${today.slice(0, 8)}01`);
  const [endDate, setEndDate] = useState(today);
  const statement = useStatement(id, startDate, endDate);
  const when = (iso: string) => formatDateTime(iso, timeZone);
  const [first, ...later] = statement.data?.pages ?? [];
  // Every page carries the whole range's figures; the lines are the pages' together.
  const data = first && {
    ...first,
    lines: [...first.lines, ...later.flatMap((page) => page.lines)],
  };

  return (
    <Stack gap="md">
      <Letterhead />
      <Anchor component={Link} href="/distributors" fz="sm" data-print="hide">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          Back to distributors
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          {/* The route's title, which the loading placeholder shows too. */}
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Distributor Statement
          </Title>
          {data && (
            <Text c="dimmed">
              {data.distributor.name} · {data.distributor.address} · {data.distributor.phone}
            </Text>
          )}
          {data && (
            <Text fz="sm" c="dimmed">
              {formatDate(data.startDate)} to {formatDate(data.endDate)}
            </Text>
          )}
        </div>
        <Group gap="sm" data-print="hide">
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
            onClick={() => window.print()}
            disabled={!data}
          >
            Print
          </Button>
          <Button
            component="a"
            href={statementCsvUrl(id, startDate, endDate)}
            download
            color="orange"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Download CSV
          </Button>
        </Group>
      </Group>
      <Group gap="md" data-print="hide" align="flex-start">
        <DateField
          label="From"
          valueFormat={DATE_INPUT_FORMAT}
          value={startDate}
          minDate={EARLIEST_DATE}
          maxDate={endDate}
          onChange={(date) => date && setStartDate(date)}
          w={170}
        />
        <DateField
          label="To"
          valueFormat={DATE_INPUT_FORMAT}
          value={endDate}
          minDate={startDate}
          maxDate={today}
          onChange={(date) => date && setEndDate(date)}
          w={170}
        />
      </Group>
      {statement.isError ? (
        <Text c="red">Failed to load the statement: {statement.error.message}</Text>
      ) : !data ? (
        <LoadingLine label="Loading statement..." />
      ) : (
        <>
          <StatementLines statement={data} when={when} more={statement} />
          <StatementAgeing statement={data} />
        </>
      )}
    </Stack>
  );
}
