import { Stack, Table, Text } from '@mantine/core';
import { AGEING_BUCKET_LABELS, AGEING_BUCKETS } from '../../../domain/ageing';
import type { DistributorWithAccount } from '../../../domain/contracts/distributors';
import { formatNaira, toKobo } from '../../../domain/money';
import {
  REMINDER_CHANNEL_LABELS,
  REMINDER_KIND_LABELS,
  sinceSent,
} from '../../../domain/reminders';
import { DEFAULT_TIME_ZONE } from '../../../domain/time';
import { useAppInfo } from '../../auth/queries';

/** "Limit ₦50,000.00 · due in 7 days", "No credit limit · due the day of sale". */
export const creditTermsText = (limit: number | null, termsDays: number | null) =>
  `${limit === null ? 'No credit limit' : `Limit ${formatNaira(limit)}`} · ${
    termsDays === null || termsDays === 0
      ? 'due the day of sale'
      : `due in ${termsDays} ${termsDays === 1 ? 'day' : 'days'}`
  }`;

function AgeingTable({ ageing }: { ageing: DistributorWithAccount['ageing'] }) {
  const overdue = toKobo(ageing.overdue) > 0;
  return (
    <Table
      fz="xs"
      verticalSpacing={2}
      horizontalSpacing={0}
      withRowBorders={false}
      aria-label="Ageing"
    >
      <Table.Tbody>
        {AGEING_BUCKETS.map((bucket) => (
          <Table.Tr key={bucket}>
            <Table.Th fw={400} c="dimmed">
              {AGEING_BUCKET_LABELS[bucket]}
            </Table.Th>
            <Table.Td ta="right">{formatNaira(ageing[bucket])}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th>Overdue</Table.Th>
          <Table.Td ta="right" fw={700} c={overdue ? 'red' : undefined}>
            {formatNaira(ageing.overdue)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/**
 * The card's credit control: the balance against the limit (red once over),
 * the terms, how long what is owed has been due, and the last message sent.
 */
export function CreditSummary({ distributor }: { distributor: DistributorWithAccount }) {
  const timeZone = useAppInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const { balance, creditLimit, paymentTermsDays, ageing, lastReminder } = distributor;
  const overLimit = creditLimit !== null && toKobo(balance) > toKobo(creditLimit);
  const owes = toKobo(balance) > 0;
  return (
    <Stack gap={4} data-testid="credit">
      {creditLimit !== null && (
        <Text fz="sm" fw={overLimit ? 700 : 500} c={overLimit ? 'red' : undefined}>
          {formatNaira(balance)} of {formatNaira(creditLimit)} limit
          {overLimit && ' · over the limit'}
        </Text>
      )}
      <Text fz="xs" c="dimmed">
        {creditTermsText(creditLimit, paymentTermsDays)}
      </Text>
      {owes && <AgeingTable ageing={ageing} />}
      {lastReminder && (
        <Text fz="xs" c="dimmed" data-testid="last-reminder">
          Last reminded {sinceSent(lastReminder.at, new Date(), timeZone)} ·{' '}
          {REMINDER_KIND_LABELS[lastReminder.kind]} by{' '}
          {REMINDER_CHANNEL_LABELS[lastReminder.channel]}
        </Text>
      )}
    </Stack>
  );
}
