import { Anchor, Box, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Link } from 'wouter';
import type { TransferStatus } from '../../../domain/contracts/pending-transfers';
import type { SettlementSheet } from '../../../domain/contracts/settlement';
import { PAYMENT_METHOD_LABELS, RETURN_REASON_LABELS } from '../../../domain/distributor-schemas';
import { formatNaira } from '../../../domain/money';
import { useRights } from '../../auth/use-rights';
import { formatDate } from '../../components/format';
import { Letterhead } from '../../components/Letterhead';
import { SignatureLine } from '../../components/SignatureLine';
import { StackedTable } from '../../components/StackedTable';
import { receiptHref } from '../receipts/queries';

/** A transfer collected while transfers need confirming: what the balance after says of it. */
const TRANSFER_NOTES: Record<TransferStatus, { text: string; colour: string }> = {
  pending: {
    text: "The transfer awaits a manager's confirmation: the balance after does not count it.",
    colour: 'orange',
  },
  confirmed: {
    text: 'The transfer was confirmed since: it counts in the balance now, not in the balance after.',
    colour: 'green',
  },
  rejected: { text: 'The transfer was rejected: it was never counted.', colour: 'red' },
};

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} aria-label={label}>
        {value}
      </Text>
    </Stack>
  );
}

/** A line's loaves, the day's dispatch price and their value: three cells of a row. */
export function PricedLoaves(props: { loaves: number; pricePerLoaf: number; value: number }) {
  return (
    <>
      <Table.Td data-figure data-label="Loaves">
        {props.loaves}
      </Table.Td>
      <Table.Td data-figure data-label="Price">
        {formatNaira(props.pricePerLoaf)}
      </Table.Td>
      <Table.Td data-figure data-label="Value">
        {formatNaira(props.value)}
      </Table.Td>
    </>
  );
}

/** A settled day as the screen shows it and as it prints: figures, returns and signature lines. */
export function SettlementSummary({
  sheet,
  settlement,
}: {
  sheet: SettlementSheet;
  settlement: NonNullable<SettlementSheet['settlement']>;
}) {
  const collected =
    settlement.paymentMethod === null
      ? formatNaira(0)
      : `${formatNaira(settlement.collected)} (${PAYMENT_METHOD_LABELS[settlement.paymentMethod]})`;
  const transfer = settlement.transferStatus && TRANSFER_NOTES[settlement.transferStatus];
  // Receipts are the Distributors module's: a Sales reader without it gets no dead link.
  const readsReceipts = useRights('distributors').canRead;
  return (
    <Box data-print="show" data-testid="settlement-summary">
      <Letterhead />
      <Text fw={700} fz={20}>
        Settlement: {formatDate(settlement.day)}
      </Text>
      <Text fw={600}>{sheet.name}</Text>
      <Text fz="sm">{sheet.address}</Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} mt="md" spacing="md">
        <Figure label="Loaded" value={`${settlement.loavesLoaded} loaves`} />
        <Figure label="Value loaded" value={formatNaira(settlement.valueLoaded)} />
        <Figure label="Returned" value={`${settlement.loavesReturned} loaves`} />
        <Figure label="Value returned" value={formatNaira(settlement.valueReturned)} />
        <Figure label="Net sold" value={`${settlement.netSold} loaves`} />
        <Figure label="Net value" value={formatNaira(settlement.netValue)} />
        <Figure label="Collected" value={collected} />
        <Figure label="Balance after" value={formatNaira(settlement.balanceAfter)} />
      </SimpleGrid>
      {transfer ? (
        <Text fz="sm" mt="sm" c={transfer.colour} data-testid="settlement-transfer">
          {transfer.text}
        </Text>
      ) : null}
      {settlement.paymentId && readsReceipts ? (
        <Anchor component={Link} href={receiptHref(settlement.paymentId)} fz="sm" data-print="hide">
          Receipt of the money collected
        </Anchor>
      ) : null}
      {settlement.returns.length > 0 ? (
        <Box mt="md">
          <StackedTable
            minWidth={420}
            phoneColumns="repeat(2, minmax(0, 1fr))"
            withTableBorder
            aria-label={`Returns of ${sheet.name}`}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Bread returned</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th data-figure>Loaves</Table.Th>
                <Table.Th data-figure>Price</Table.Th>
                <Table.Th data-figure>Value</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {settlement.returns.map((line) => (
                <Table.Tr key={`${line.recipeName}-${line.reason}-${line.loaves}`}>
                  <Table.Td>{line.recipeName}</Table.Td>
                  <Table.Td data-label="Reason">{RETURN_REASON_LABELS[line.reason]}</Table.Td>
                  <PricedLoaves
                    loaves={line.loaves}
                    pricePerLoaf={line.pricePerLoaf}
                    value={line.value}
                  />
                </Table.Tr>
              ))}
            </Table.Tbody>
          </StackedTable>
        </Box>
      ) : null}
      {settlement.notes ? (
        <Text fz="sm" mt="sm">
          Notes: {settlement.notes}
        </Text>
      ) : null}
      <Box data-print="only">
        <Group mt={48} gap={48}>
          <SignatureLine label="Settled by (bakery)" />
          <SignatureLine label="Distributor" />
        </Group>
      </Box>
    </Box>
  );
}
