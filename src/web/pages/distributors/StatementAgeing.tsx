import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { AGEING_BUCKET_LABELS, AGEING_BUCKETS } from '../../../domain/ageing';
import type { Statement } from '../../../domain/contracts/distributors';
import { formatNaira, toKobo } from '../../../domain/money';
import { countOf } from '../../../domain/words';
import { formatDate } from '../../components/format';

/** "Terms: 14 days", or "Due on the day of sale" for a distributor with none. */
export const termsLine = (days: number | null) =>
  days ? `Terms: ${countOf(days, 'day')}` : 'Due on the day of sale';

function Bucket({ label, value, red }: { label: string; value: number; red?: boolean }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} aria-label={label} c={red && toKobo(value) > 0 ? 'red' : undefined}>
        {formatNaira(value)}
      </Text>
    </Stack>
  );
}

/**
 * Under the closing balance, on screen and on paper: the balance by days past
 * due at the statement's ageing day (its end, or today if sooner), with the
 * distributor's terms.
 */
export function StatementAgeing({
  statement,
}: {
  statement: Pick<Statement, 'ageing' | 'ageingAsOf' | 'paymentTermsDays'>;
}) {
  const { ageing, ageingAsOf, paymentTermsDays } = statement;
  return (
    <Card withBorder radius="md" p="md" data-testid="statement-ageing">
      <Stack gap="sm">
        <div>
          <Text fw={700}>Owed by days past due on {formatDate(ageingAsOf)}</Text>
          <Text fz="sm" c="dimmed">
            {termsLine(paymentTermsDays)}
            {ageing.oldestDueDay &&
              ` · Oldest due ${formatDate(ageing.oldestDueDay)}${
                ageing.daysOverdue > 0 ? `, ${countOf(ageing.daysOverdue, 'day')} overdue` : ''
              }`}
          </Text>
        </div>
        {ageing.oldestDueDay === null ? (
          <Text fz="sm">Nothing owed.</Text>
        ) : (
          <SimpleGrid cols={{ base: 2, xs: 3, sm: 6 }} spacing="sm">
            {AGEING_BUCKETS.map((bucket) => (
              <Bucket
                key={bucket}
                label={AGEING_BUCKET_LABELS[bucket]}
                value={ageing[bucket]}
                red={bucket !== 'current'}
              />
            ))}
            <Bucket label="Overdue" value={ageing.overdue} red />
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
