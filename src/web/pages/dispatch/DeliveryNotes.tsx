import { Box, Group, Table, Text } from '@mantine/core';
import type { DeliveryNote } from '../../../domain/contracts/dispatch';
import { formatNaira } from '../../../domain/money';
import { formatDate } from '../../components/format';
import { Letterhead } from '../../components/Letterhead';
import { SignatureLine } from '../../components/SignatureLine';

/**
 * The day's delivery notes as printed, one per page: a note not yet
 * dispatched leaves Loaded and Value blank to fill by hand.
 */
export function DeliveryNotes({ day, notes }: { day: string; notes: DeliveryNote[] }) {
  return (
    <Box data-print="only" data-testid="delivery-notes">
      {notes.map((note) => (
        <Box key={note.distributorId} style={{ breakAfter: 'page' }} data-testid="delivery-note">
          <Letterhead />
          <Text fw={700} fz={20}>
            Delivery note: {formatDate(day)}
          </Text>
          <Text fw={600}>{note.name}</Text>
          {note.address ? <Text fz="sm">{note.address}</Text> : null}
          <Table withTableBorder mt="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Bread</Table.Th>
                <Table.Th ta="right">Ordered</Table.Th>
                <Table.Th ta="right">Loaded</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th ta="right">Value</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {note.lines.map((line) => (
                <Table.Tr key={line.recipeName}>
                  <Table.Td>{line.recipeName}</Table.Td>
                  <Table.Td ta="right">{line.ordered}</Table.Td>
                  <Table.Td ta="right">{note.dispatched ? line.loaded : ''}</Table.Td>
                  <Table.Td ta="right">
                    {line.pricePerLoaf === null ? '' : formatNaira(line.pricePerLoaf)}
                  </Table.Td>
                  <Table.Td ta="right">
                    {note.dispatched && line.value !== null ? formatNaira(line.value) : ''}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>Total</Table.Th>
                <Table.Th ta="right">{note.totalOrdered}</Table.Th>
                <Table.Th ta="right">{note.dispatched ? note.totalLoaded : ''}</Table.Th>
                <Table.Th />
                <Table.Th ta="right">
                  {note.dispatched ? formatNaira(note.totalValue) : ''}
                </Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
          <Group mt={48} gap={48}>
            <SignatureLine label="Loaded by (bakery)" />
            <SignatureLine label="Received by (distributor)" />
          </Group>
        </Box>
      ))}
    </Box>
  );
}
