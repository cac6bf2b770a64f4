import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';
import type { DashboardSummary } from '../../../domain/contracts/dashboard';
import { formatNaira } from '../../../domain/money';
import { countOf } from '../../../domain/words';

/**
 * The Overdue card's body: money past its due day in all, by how many
 * distributors, and the five most overdue, each opening its statement.
 */
export function OverdueList({
  moneyOwed,
}: {
  moneyOwed: NonNullable<DashboardSummary['moneyOwed']>;
}) {
  const { totalOverdue, distributorsOverdue, mostOverdue } = moneyOwed;
  return (
    <Stack gap="sm">
      <div>
        <Text fw={700} fz={26} c={distributorsOverdue > 0 ? 'red' : undefined} lh={1.2}>
          {formatNaira(totalOverdue)}
        </Text>
        <Text fz="sm" c="dimmed" data-testid="overdue-count">
          {distributorsOverdue === 0
            ? 'Nothing is past its due day'
            : `Past due, owed by ${countOf(distributorsOverdue, 'distributor')}`}
        </Text>
      </div>
      {mostOverdue.map((one) => (
        <Group
          key={one.distributorId}
          justify="space-between"
          wrap="nowrap"
          align="flex-start"
          data-testid="overdue-distributor"
        >
          <div style={{ minWidth: 0 }}>
            <Anchor
              component={Link}
              href={`/distributors/${one.distributorId}/statement`}
              fw={600}
              aria-label={`Statement of ${one.name}`}
            >
              {one.name}
            </Anchor>
            <Text fz="sm" c="dimmed">
              {countOf(one.daysOverdue, 'day')} overdue
            </Text>
          </div>
          <Text fw={600} style={{ flexShrink: 0 }}>
            {formatNaira(one.overdue)}
          </Text>
        </Group>
      ))}
      <Anchor component={Link} href="/reports?tab=ageing" fz="sm">
        Open the ageing report
      </Anchor>
    </Stack>
  );
}
