import { Box, Button, Card, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { SettlementSheet } from '../../../domain/contracts/settlement';
import { formatNaira, sumNaira } from '../../../domain/money';
import { errorText } from '../../api/http';
import { useRights } from '../../auth/use-rights';
import { LoadingLine } from '../../components/LoadingLine';
import { PageHeader } from '../../components/PageHeader';
import { StackedTable } from '../../components/StackedTable';
import { WorkDayField } from '../../components/WorkDayField';
import { useSettlementDay } from './queries';
import { SettleForm } from './SettleForm';
import { PricedLoaves, SettlementSummary } from './SettlementSummary';

function Loaded({ sheet }: { sheet: SettlementSheet }) {
  const total = sheet.loaded.reduce((sum, line) => sum + line.loaded, 0);
  return (
    <StackedTable
      minWidth={400}
      phoneColumns="repeat(2, minmax(0, 1fr))"
      striped
      withTableBorder
      aria-label={`Loaded for ${sheet.name}`}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Bread loaded</Table.Th>
          <Table.Th data-figure>Loaves</Table.Th>
          <Table.Th data-figure>Price</Table.Th>
          <Table.Th data-figure>Value</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sheet.loaded.map((line) => (
          <Table.Tr key={line.recipeName}>
            <Table.Td>{line.recipeName}</Table.Td>
            <PricedLoaves
              loaves={line.loaded}
              pricePerLoaf={line.pricePerLoaf}
              value={line.value}
            />
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th>Total</Table.Th>
          <Table.Th data-figure data-label="Loaves">
            {total}
          </Table.Th>
          <Table.Th />
          <Table.Th data-figure data-label="Value">
            {formatNaira(sumNaira(sheet.loaded.map((line) => line.value)))}
          </Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </StackedTable>
  );
}

/** Settlement (docs/screens/settlement.md): a dispatched distributor's day settled, then its summary. */
export default function SettlementPage() {
  const [day, setDay] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const sales = useRights('sales');
  const distributors = useRights('distributors');
  const answer = useSettlementDay(day);
  if (answer.isPending) return <LoadingLine label="Loading the settlements..." />;
  if (answer.isError) {
    return <Text c="red">{errorText(answer.error, 'Failed to load the settlements')}</Text>;
  }
  const data = answer.data;
  const sheet = data.sheets.find((one) => one.distributorId === chosen) ?? null;
  const canSettle = sales.canWrite && distributors.canWrite && data.isToday;
  return (
    <Stack gap="md">
      <Box data-print="hide">
        <PageHeader
          title="Settlement"
          subtitle="Each distributor's end of day: returns, money collected and the summary"
          actions={
            <Button variant="default" disabled={!sheet?.settlement} onClick={() => window.print()}>
              Print summary
            </Button>
          }
        />
      </Box>
      <Stack gap="md" data-print="hide">
        <WorkDayField
          day={data.day}
          isToday={data.isToday}
          onChange={setDay}
          notToday="Only today's dispatch can be settled: this day's settlements are shown as made."
        />
        {data.sheets.length === 0 ? (
          <Text c="dimmed">No distributor was dispatched on this day.</Text>
        ) : (
          <Select
            label="Distributor"
            placeholder="Choose a dispatched distributor"
            data={data.sheets.map((one) => ({
              value: one.distributorId,
              label: one.settlement ? `${one.name} (settled)` : one.name,
            }))}
            value={sheet?.distributorId ?? null}
            onChange={setChosen}
            maw={360}
          />
        )}
      </Stack>
      {sheet ? (
        <Card withBorder padding="md" aria-label={`Settlement of ${sheet.name}`}>
          <Stack gap="md">
            <Box data-print="hide">
              <Loaded sheet={sheet} />
            </Box>
            {sheet.settlement ? (
              <SettlementSummary sheet={sheet} settlement={sheet.settlement} />
            ) : canSettle ? (
              <Box data-print="hide">
                <SettleForm
                  key={`${sheet.distributorId}-${data.day}`}
                  day={data.day}
                  sheet={sheet}
                />
              </Box>
            ) : (
              <Text c="dimmed" data-print="hide">
                Not settled.
              </Text>
            )}
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
