import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { formatNaira } from '../../../domain/money';
import { WASTE_REASON_LABELS, WASTE_SOURCE_LABELS } from '../../../domain/waste';
import { countOf } from '../../../domain/words';
import { formatDateTime } from '../../components/format';
import { ListState, ShowMoreButton } from '../../components/ListState';
import { useWriteOffs } from './queries';

/** The Waste tab of Reports, open at once. */
const WASTE_REPORT_HREF = '/reports?tab=waste';

/** Every write-off, newest first, a page at a time. */
export function WriteOffsCard({ timeZone }: { timeZone: string }) {
  const writeOffs = useWriteOffs();
  const rows = writeOffs.data?.pages.flat() ?? [];
  return (
    <Card withBorder radius="lg" p="lg">
      <Group justify="space-between" wrap="wrap" gap="xs" mb="md">
        <Title order={2} fz="lg">
          Write-offs
        </Title>
        <Anchor component={Link} href={WASTE_REPORT_HREF} fz="sm">
          Waste report
        </Anchor>
      </Group>
      <ListState
        query={writeOffs}
        isEmpty={rows.length === 0}
        loading="Loading write-offs..."
        failed="Failed to load write-offs"
        empty="No loaves written off yet"
      >
        <Stack gap="sm">
          {rows.map((row) => (
            <Group
              key={row.id}
              justify="space-between"
              wrap="nowrap"
              align="flex-start"
              data-testid="write-off"
            >
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>
                  {countOf(row.loaves, 'loaf')} of {row.recipeName}
                </Text>
                <Text fz="sm" c="dimmed">
                  Reason: {WASTE_REASON_LABELS[row.reason]} · From:{' '}
                  {WASTE_SOURCE_LABELS[row.source]}
                </Text>
                <Text fz="sm" c="dimmed">
                  {formatDateTime(row.createdAt, timeZone)} · {row.writtenOffBy ?? 'Unknown'}
                  {row.notes && ` · ${row.notes}`}
                </Text>
              </div>
              <Text fw={700} style={{ flexShrink: 0 }}>
                {formatNaira(row.cost)}
              </Text>
            </Group>
          ))}
          <ShowMoreButton query={writeOffs} label="Show more write-offs" />
        </Stack>
      </ListState>
    </Card>
  );
}
