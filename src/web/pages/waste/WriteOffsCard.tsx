import { Anchor, Card, Group, Stack, Title } from '@mantine/core';
import { Link } from 'wouter';
import { formatNaira } from '../../../domain/money';
import { WASTE_REASON_LABELS, WASTE_SOURCE_LABELS } from '../../../domain/waste';
import { countOf } from '../../../domain/words';
import { formatDateTime } from '../../components/format';
import { ListState, ShowMoreButton } from '../../components/ListState';
import { RecordRow } from '../../components/RecordRow';
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
            <RecordRow
              key={row.id}
              testId="write-off"
              title={
                <>
                  {countOf(row.loaves, 'loaf')} of {row.recipeName}
                </>
              }
              details={[
                `Reason: ${WASTE_REASON_LABELS[row.reason]} · From: ${WASTE_SOURCE_LABELS[row.source]}`,
                `${formatDateTime(row.createdAt, timeZone)} · ${row.writtenOffBy ?? 'Unknown'}${row.notes ? ` · ${row.notes}` : ''}`,
              ]}
              amount={formatNaira(row.cost)}
            />
          ))}
          <ShowMoreButton query={writeOffs} label="Show more write-offs" />
        </Stack>
      </ListState>
    </Card>
  );
}
