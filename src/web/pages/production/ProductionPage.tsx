import { Button, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { IconFlame, IconPlayerPlay, IconStack2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ProductionBatch } from '../../../domain/contracts/production';
import {
  BATCH_STATUS_LABELS,
  type BatchUpdateInput,
  isOpenBatch,
} from '../../../domain/production-schemas';
import { DEFAULT_TIME_ZONE } from '../../../domain/time';
import { errorText } from '../../api/http';
import { notifyError, notifySuccess } from '../../api/notify';
import { useAppInfo } from '../../auth/queries';
import { useRights } from '../../auth/use-rights';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDateTime, formatQuantity } from '../../components/format';
import { PagedListPage } from '../../components/PagedListPage';
import { useCreateIntent } from '../../components/use-create-intent';
import { BatchDialog } from './BatchDialog';
import { BatchStatusBadge } from './BatchStatusBadge';
import { CompleteBatchDialog } from './CompleteBatchDialog';
import { useBatches, useBatchSummary, useUpdateBatch } from './queries';

function Fact(props: { label: string; value: string }) {
  return (
    <Text fz="sm">
      <Text span c="dimmed">
        {props.label}:
      </Text>{' '}
      {props.value}
    </Text>
  );
}

function BatchCard(props: {
  batch: ProductionBatch;
  timeZone: string;
  canWrite: boolean;
  busy: boolean;
  onStart: () => void;
  onComplete: () => void;
  onCancel: () => void;
}) {
  const { batch, timeZone } = props;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, timeZone) : null);
  return (
    <Card withBorder radius="lg" p="md" data-testid="batch-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text fw={700} fz="lg">
            {batch.recipeName}
          </Text>
          <Text fz="sm" c="dimmed">
            {batch.batchNumber}
          </Text>
        </div>
        <BatchStatusBadge status={batch.status} />
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4} mt="sm">
        <Fact label="Flour" value={formatQuantity(batch.flourKg, 'kg')} />
        {batch.doughSizeGrams !== null && (
          <Fact label="Dough size" value={formatQuantity(batch.doughSizeGrams, 'g')} />
        )}
        <Fact label="Created" value={formatDateTime(batch.createdAt, timeZone)} />
        {batch.startedAt && <Fact label="Started" value={when(batch.startedAt) ?? ''} />}
        {batch.completedAt && <Fact label="Completed" value={when(batch.completedAt) ?? ''} />}
        {batch.loavesProduced !== null && (
          <Fact label="Loaves" value={batch.loavesProduced.toLocaleString('en-NG')} />
        )}
      </SimpleGrid>
      {batch.notes && (
        <Text fz="sm" c="dimmed" fs="italic" mt="xs">
          {batch.notes}
        </Text>
      )}
      {props.canWrite && isOpenBatch(batch.status) && (
        <Group justify="flex-end" gap="xs" mt="md">
          {batch.status === 'planned' && (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPlayerPlay size={14} aria-hidden />}
              loading={props.busy}
              onClick={props.onStart}
            >
              Start
            </Button>
          )}
          <Button variant="default" color="red" size="xs" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button color="green" size="xs" onClick={props.onComplete}>
            Mark Complete
          </Button>
        </Group>
      )}
    </Card>
  );
}

export default function ProductionPage() {
  const batches = useBatches();
  const summary = useBatchSummary();
  const rights = useRights('production');
  const updateBatch = useUpdateBatch();
  const timeZone = useAppInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const [, navigate] = useLocation();
  // A recipe's Start Production arrives with ?recipe={recipeId}.
  const startRecipeId = new URLSearchParams(useSearch()).get('recipe');
  const intent = useCreateIntent('/production', 'production');
  const [creating, setCreating] = useState(startRecipeId !== null || intent.requested);
  const [completing, setCompleting] = useState<ProductionBatch | null>(null);
  const [cancelling, setCancelling] = useState<ProductionBatch | null>(null);

  const change = (batch: ProductionBatch, input: BatchUpdateInput) =>
    updateBatch.mutate(
      { id: batch.id, input },
      {
        onSuccess: (updated) =>
          notifySuccess(
            'Batch Updated',
            `Production batch status updated to ${BATCH_STATUS_LABELS[updated.status].toLowerCase()}`,
          ),
        onError: (error) =>
          notifyError('Error', errorText(error, 'Failed to update production batch')),
        onSettled: () => setCancelling(null),
      },
    );

  const closeCreate = () => {
    setCreating(false);
    if (startRecipeId) navigate('/production', { replace: true });
    intent.done();
  };

  return (
    <>
      <PagedListPage
        title="Production"
        subtitle="Manage production batches and schedules"
        add={rights.canWrite && { label: 'New Batch', onClick: () => setCreating(true) }}
        stats={[
          {
            label: 'Total Batches',
            value: summary.data?.total,
            icon: IconStack2,
            colour: 'orange',
          },
          {
            label: 'In Progress',
            value: summary.data?.inProgress,
            icon: IconFlame,
            colour: 'blue',
          },
        ]}
        query={batches}
        text={{
          loading: 'Loading batches...',
          failed: 'Failed to load production batches',
          empty: 'No production batches found. Create your first batch to get started.',
          more: 'Show more batches',
        }}
        card={(batch) => (
          <BatchCard
            batch={batch}
            timeZone={timeZone}
            canWrite={rights.canWrite}
            busy={updateBatch.isPending}
            onStart={() => change(batch, { status: 'in_progress' })}
            onComplete={() => setCompleting(batch)}
            onCancel={() => setCancelling(batch)}
          />
        )}
      />
      <BatchDialog opened={creating} recipeId={startRecipeId} onClose={closeCreate} />
      <CompleteBatchDialog batch={completing} onClose={() => setCompleting(null)} />
      <ConfirmDialog
        opened={cancelling !== null}
        title="Cancel batch"
        message={`Cancel ${cancelling?.batchNumber ?? 'this batch'}? The ingredients it used go back into stock.`}
        confirmLabel="Cancel batch"
        cancelLabel="Keep batch"
        busy={updateBatch.isPending}
        onConfirm={() => cancelling && change(cancelling, { status: 'cancelled' })}
        onClose={() => setCancelling(null)}
      />
    </>
  );
}
