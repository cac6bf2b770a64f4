import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { BreadPrices, PriceChangeRecord } from '../../../domain/contracts/prices';
import { formatNaira } from '../../../domain/money';
import { businessDate, DEFAULT_TIME_ZONE } from '../../../domain/time';
import { useAppInfo } from '../../auth/queries';
import { useRights } from '../../auth/use-rights';
import { DateField } from '../../components/DateField';
import { DATE_INPUT_FORMAT, formatDate, formatDateTime } from '../../components/format';
import { ListState, ShowMoreButton } from '../../components/ListState';
import { AddButton } from '../../components/PageActions';
import { PageHeader } from '../../components/PageHeader';
import { PriceDialog } from './PriceDialog';
import { usePriceHistory, usePriceList } from './queries';

/** "−₦20.00" / "+₦50.00" beside an own price; a discount in green. */
function Difference({ value }: { value: number | null }) {
  if (value === null || value === 0) return <Text c="dimmed">{value === 0 ? 'Same' : '—'}</Text>;
  const sign = value < 0 ? '−' : '+';
  return (
    <Text c={value < 0 ? 'green' : 'red'} fw={500} fz="sm" style={{ whiteSpace: 'nowrap' }}>
      {`${sign}${formatNaira(Math.abs(value))}`}
    </Text>
  );
}

const changeText = (change: PriceChangeRecord) =>
  change.pricePerLoaf === null ? 'Own price withdrawn' : formatNaira(change.pricePerLoaf);

const ownerText = (change: PriceChangeRecord) =>
  change.distributorId === null
    ? 'Default for everyone'
    : (change.distributorName ?? 'Unknown Distributor');

function BreadCard({ bread }: { bread: BreadPrices }) {
  return (
    <Card withBorder radius="lg" p="lg" data-testid="bread-prices">
      <Group justify="space-between" wrap="nowrap" mb="sm">
        <Title order={3} fz="md">
          {bread.recipeName}
        </Title>
        <Badge
          variant="light"
          color={bread.defaultPrice === null ? 'gray' : 'orange'}
          tt="none"
          size="lg"
        >
          {bread.defaultPrice === null ? 'No default price' : formatNaira(bread.defaultPrice)}
        </Badge>
      </Group>
      {bread.ownPrices.length === 0 ? (
        <Text fz="sm" c="dimmed">
          Every distributor pays the default
        </Text>
      ) : (
        <Table verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Distributor</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                vs default
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {bread.ownPrices.map((own) => (
              <Table.Tr key={own.distributorId} data-testid="own-price">
                <Table.Td>{own.distributorName}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatNaira(own.pricePerLoaf)}
                </Table.Td>
                <Table.Td ta="right">
                  <Difference value={own.difference} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {bread.scheduled.map((change) => (
        <Text key={change.id} fz="sm" c="blue" mt="xs">
          From {formatDate(change.effectiveFrom)}: {ownerText(change)}, {changeText(change)}
        </Text>
      ))}
    </Card>
  );
}

function PriceHistory({ timeZone }: { timeZone: string }) {
  const history = usePriceHistory();
  const changes = history.data?.pages.flat() ?? [];
  return (
    <Card withBorder radius="lg" p="lg">
      <Title order={2} fz="lg" mb="md">
        Price Changes
      </Title>
      <ListState
        query={history}
        isEmpty={changes.length === 0}
        loading="Loading price changes..."
        failed="Failed to load price changes"
        empty="No prices set yet"
      >
        <Stack gap="sm">
          {changes.map((change) => (
            <Group
              key={change.id}
              justify="space-between"
              wrap="nowrap"
              align="flex-start"
              data-testid="price-change"
            >
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>
                  {change.recipeName} · {ownerText(change)}
                </Text>
                <Text fz="sm" c="dimmed">
                  From {formatDate(change.effectiveFrom)} · set{' '}
                  {formatDateTime(change.createdAt, timeZone)}
                  {change.createdByName ? ` by ${change.createdByName}` : ''}
                </Text>
              </div>
              <Text fw={700} style={{ flexShrink: 0 }}>
                {changeText(change)}
              </Text>
            </Group>
          ))}
          <ShowMoreButton query={history} label="Show more changes" />
        </Stack>
      </ListState>
    </Card>
  );
}

export default function PricesPage() {
  const timeZone = useAppInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const today = businessDate(new Date(), timeZone);
  const [date, setDate] = useState(today);
  const list = usePriceList(date);
  const rights = useRights('sales');
  const [setting, setSetting] = useState(false);
  const breads = list.data?.breads ?? [];

  return (
    <>
      <PageHeader
        title="Prices"
        subtitle="Default bread prices and each distributor's own, dated"
        actions={
          rights.canWrite && <AddButton label="Set Price" onClick={() => setSetting(true)} />
        }
      />
      <DateField
        label="Prices on"
        valueFormat={DATE_INPUT_FORMAT}
        value={date}
        onChange={(picked) => picked && setDate(picked)}
        w={170}
        mb="md"
      />
      <Stack gap="lg">
        <ListState
          query={list}
          isEmpty={breads.length === 0}
          loading="Loading prices..."
          failed="Failed to load prices"
          empty="No breads yet: add a recipe first"
        >
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {breads.map((bread) => (
              <BreadCard key={bread.recipeName} bread={bread} />
            ))}
          </SimpleGrid>
        </ListState>
        <PriceHistory timeZone={timeZone} />
      </Stack>
      <PriceDialog
        opened={setting}
        onClose={() => setSetting(false)}
        breads={breads.map((bread) => bread.recipeName)}
        today={today}
      />
    </>
  );
}
