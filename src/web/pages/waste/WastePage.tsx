import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { BreadShelf, ReturnToWriteOff, WasteShelf } from '../../../domain/contracts/waste';
import { RETURN_REASON_LABELS } from '../../../domain/distributor-schemas';
import { DEFAULT_TIME_ZONE } from '../../../domain/time';
import { RETURNED_WRITE_OFF_DAYS } from '../../../domain/waste';
import { countOf } from '../../../domain/words';
import { useAppInfo } from '../../auth/queries';
import { useRights } from '../../auth/use-rights';
import { formatDateTime } from '../../components/format';
import { LoadingLine } from '../../components/LoadingLine';
import { PageHeader } from '../../components/PageHeader';
import { useWasteShelf } from './queries';
import { WriteOffDialog, type WriteOffTarget } from './WriteOffDialog';
import { WriteOffsCard } from './WriteOffsCard';

function WriteOffButton(props: { label: string; onClick: () => void }) {
  return (
    <Button
      variant="light"
      color="red"
      size="xs"
      leftSection={<IconTrash size={14} aria-hidden />}
      aria-label={props.label}
      onClick={props.onClick}
      style={{ flexShrink: 0 }}
    >
      Write off
    </Button>
  );
}

const shelfLifeText = (days: number | null) =>
  days === null ? 'No shelf life: never stale' : `Shelf life: ${countOf(days, 'day')}`;

function BreadCard(props: { bread: BreadShelf; onWriteOff?: () => void }) {
  const { bread } = props;
  return (
    <Card withBorder radius="lg" p="md" data-testid="bread-shelf" aria-label={bread.recipeName}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={3} fz="md">
            {bread.recipeName}
          </Title>
          <Text fz="sm" c="dimmed">
            {shelfLifeText(bread.shelfLifeDays)}
          </Text>
        </div>
        {props.onWriteOff && (
          <WriteOffButton label={`Write off ${bread.recipeName}`} onClick={props.onWriteOff} />
        )}
      </Group>
      <Group gap="xs" mt="sm">
        <Badge variant="light" color="orange" tt="none" size="lg">
          {countOf(bread.onSale, 'loaf')} on sale
        </Badge>
        {/* Filled red: white on red-6 reads at 360 px as well as at 1280 (axe contrast). */}
        <Badge
          variant={bread.stale > 0 ? 'filled' : 'light'}
          color={bread.stale > 0 ? 'red' : 'gray'}
          tt="none"
          size="lg"
        >
          {bread.stale.toLocaleString('en-NG')} stale
        </Badge>
      </Group>
    </Card>
  );
}

function ReturnLine(props: { entry: ReturnToWriteOff; timeZone: string; onWriteOff?: () => void }) {
  const { entry } = props;
  const distributor = entry.distributorName ?? 'Unknown Distributor';
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" data-testid="returned-loaves">
      <div style={{ minWidth: 0 }}>
        <Text fw={600}>
          {entry.recipeName} · {distributor}
        </Text>
        <Text fz="sm" c="dimmed">
          {countOf(entry.loavesLeft, 'loaf')} left of {entry.loavesReturned.toLocaleString('en-NG')}{' '}
          returned · {RETURN_REASON_LABELS[entry.reason]} ·{' '}
          {formatDateTime(entry.createdAt, props.timeZone)}
        </Text>
      </div>
      {props.onWriteOff && (
        <WriteOffButton
          label={`Write off the return of ${entry.recipeName} from ${distributor}`}
          onClick={props.onWriteOff}
        />
      )}
    </Group>
  );
}

function ShelfSections(props: {
  shelf: WasteShelf;
  timeZone: string;
  onWriteOff?: (target: WriteOffTarget) => void;
}) {
  const { shelf, onWriteOff } = props;
  return (
    <>
      <section aria-labelledby="on-the-shelf">
        <Title order={2} fz="lg" mb="sm" id="on-the-shelf">
          On the shelf
        </Title>
        {shelf.breads.length === 0 ? (
          <Text c="dimmed">No loaves on the shelf</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {shelf.breads.map((bread) => (
              <BreadCard
                key={bread.recipeName}
                bread={bread}
                onWriteOff={onWriteOff && (() => onWriteOff({ recipeName: bread.recipeName }))}
              />
            ))}
          </SimpleGrid>
        )}
      </section>
      <Card withBorder radius="lg" p="lg">
        <Title order={2} fz="lg">
          Returned loaves
        </Title>
        <Text fz="sm" c="dimmed" mb="md">
          Distributors' returns of the last {RETURNED_WRITE_OFF_DAYS} days with loaves not yet
          written off
        </Text>
        {shelf.returns.length === 0 ? (
          <Text c="dimmed">No returned loaves to write off</Text>
        ) : (
          <Stack gap="sm">
            {shelf.returns.map((entry) => (
              <ReturnLine
                key={entry.id}
                entry={entry}
                timeZone={props.timeZone}
                onWriteOff={onWriteOff && (() => onWriteOff({ returnId: entry.id }))}
              />
            ))}
          </Stack>
        )}
      </Card>
    </>
  );
}

/** Waste (docs/screens/waste.md): loaves on the shelf and stale, returns, and the write-offs. */
export default function WastePage() {
  const shelf = useWasteShelf();
  const { canWrite } = useRights('sales');
  const timeZone = useAppInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const [target, setTarget] = useState<WriteOffTarget | null>(null);
  return (
    <>
      <PageHeader title="Waste" subtitle="Stale loaves, write-offs and returned bread" />
      <Stack gap="lg">
        {shelf.isPending && <LoadingLine label="Loading the shelf..." />}
        {shelf.isError && <Text c="red">Failed to load the shelf</Text>}
        {shelf.data && (
          <ShelfSections
            shelf={shelf.data}
            timeZone={timeZone}
            onWriteOff={canWrite ? setTarget : undefined}
          />
        )}
        <WriteOffsCard timeZone={timeZone} />
      </Stack>
      {shelf.data && (
        <WriteOffDialog
          shelf={shelf.data}
          target={target}
          timeZone={timeZone}
          onClose={() => setTarget(null)}
        />
      )}
    </>
  );
}
