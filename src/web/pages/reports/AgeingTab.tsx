import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCurrencyNaira,
  IconDownload,
  IconHourglass,
} from '@tabler/icons-react';
import { useState } from 'react';
import { EARLIEST_DATE } from '../../../domain/fields';
import { formatNaira, toKobo } from '../../../domain/money';
import { businessDate } from '../../../domain/time';
import { countOf } from '../../../domain/words';
import { DateField } from '../../components/DateField';
import { formatCalendarDate } from '../../components/format';
import { LoadingLine } from '../../components/LoadingLine';
import { StatCard } from '../../components/StatCard';
import { AgeingTable } from './AgeingTable';
import { ageingCsvUrl, useAgeing } from './queries';
import type { TabProps } from './ReportState';

/**
 * The Ageing tab (docs/screens/reports.md#ageing): what each distributor owes
 * by how long it has been due, at the end of one bakery day. The page's date
 * range does not apply: ageing is a position on a day, not a sum over dates.
 */
export function AgeingTab({ timeZone }: TabProps) {
  const today = businessDate(new Date(), timeZone);
  const [asOf, setAsOf] = useState(today);
  const ageing = useAgeing(asOf);
  const report = ageing.data;
  const overdue = report?.rows.filter((row) => toKobo(row.overdue) > 0).length ?? 0;
  const csvName = `receivables-ageing-${asOf}.csv`;
  return (
    <Stack gap="lg">
      <Card withBorder radius="lg" p="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Group align="flex-end" gap="md" wrap="wrap">
            <DateField
              label="As of"
              valueFormat="MMM DD, YYYY"
              value={asOf}
              minDate={EARLIEST_DATE}
              maxDate={today}
              onChange={(day) => day && setAsOf(day)}
              w={200}
            />
            <Text fz="sm" c="dimmed" maw={420}>
              What each distributor owed at the end of this day, by days past due. The date range
              above does not apply here.
            </Text>
          </Group>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            disabled={!report || report.rows.length === 0}
            {...(report && report.rows.length > 0
              ? { component: 'a', href: ageingCsvUrl(asOf), download: csvName }
              : {})}
          >
            Export CSV
          </Button>
        </Group>
      </Card>
      {ageing.isPending ? (
        <LoadingLine label="Loading report..." />
      ) : ageing.isError || !report ? (
        <Text c="red">Failed to load the report</Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <StatCard
              label="Total Owed"
              value={formatNaira(report.totals.balance)}
              note={countOf(report.rows.length, 'distributor')}
              icon={IconCurrencyNaira}
              colour="orange"
            />
            <StatCard
              label="Overdue"
              value={formatNaira(report.totals.overdue)}
              note={`${countOf(overdue, 'distributor')} past due`}
              icon={IconAlertTriangle}
              colour="red"
            />
            <StatCard
              label="Over 90 Days"
              value={formatNaira(report.totals.over90)}
              note="Owed longest: the likeliest bad debt"
              icon={IconHourglass}
              colour="grape"
            />
          </SimpleGrid>
          <Card withBorder radius="lg" p="lg" data-testid="ageing-report">
            <Title order={2} fz="md" mb="md">
              Receivables Ageing on {formatCalendarDate(report.asOf)}
            </Title>
            {report.rows.length === 0 ? (
              <Text c="dimmed" fz="sm">
                No distributor owed anything on this day
              </Text>
            ) : (
              <AgeingTable key={report.asOf} report={report} />
            )}
          </Card>
        </>
      )}
    </Stack>
  );
}
