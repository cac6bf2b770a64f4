import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconArchive,
  IconArrowBackUp,
  IconCash,
  IconFileText,
  IconPencil,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { DistributorWithAccount } from '../../../domain/contracts/distributors';
import { formatNaira } from '../../../domain/money';
import { errorText } from '../../api/http';
import { notifyError, notifySuccess } from '../../api/notify';
import { useRights } from '../../auth/use-rights';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListState } from '../../components/ListState';
import { ArchivedListActions } from '../../components/PageActions';
import { PageHeader } from '../../components/PageHeader';
import { DistributorDialog } from './DistributorDialog';
import { PaymentDialog } from './PaymentDialog';
import { useDeleteDistributor, useDistributors, useUnarchiveDistributor } from './queries';
import { ReturnDialog } from './ReturnDialog';
import { balanceColour } from './StatementLines';

function Figure(props: { label: string; value: number; colour?: string }) {
  return (
    <div>
      <Text fz="xs" c="dimmed">
        {props.label}
      </Text>
      <Text fw={700} c={props.colour}>
        {formatNaira(props.value)}
      </Text>
    </div>
  );
}

type Confirming = { kind: 'delete' | 'unarchive'; distributor: DistributorWithAccount };

const CONFIRM = {
  delete: {
    title: 'Delete or archive distributor',
    message:
      'Are you sure you want to delete/archive this distributor? This action cannot be undone.',
    label: 'Delete / Archive',
  },
  unarchive: {
    title: 'Unarchive distributor',
    message:
      'Are you sure you want to unarchive this distributor? This will restore it to the active list.',
    label: 'Unarchive',
  },
};

export default function DistributorsPage() {
  const [showArchived, setShowArchived] = useState(false);
  const distributors = useDistributors(showArchived);
  const rights = useRights('distributors');
  const remove = useDeleteDistributor();
  const unarchive = useUnarchiveDistributor();
  const [editing, setEditing] = useState<{
    opened: boolean;
    distributor: DistributorWithAccount | null;
  }>({ opened: false, distributor: null });
  const [paying, setPaying] = useState<DistributorWithAccount | null>(null);
  const [returning, setReturning] = useState<DistributorWithAccount | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  // The question stays while the dialog animates closed, so its text does not vanish first.
  const [confirmOpen, setConfirmOpen] = useState(false);
  const ask = (next: Confirming) => {
    setConfirming(next);
    setConfirmOpen(true);
  };

  const confirm = () => {
    if (!confirming) return;
    const { id } = confirming.distributor;
    const close = { onSettled: () => setConfirmOpen(false) };
    if (confirming.kind === 'delete') {
      remove.mutate(id, {
        onSuccess: (result) =>
          notifySuccess(
            result.action === 'archived' ? 'Distributor Archived' : 'Distributor Deleted',
            result.message,
          ),
        onError: (error) =>
          notifyError('Error', errorText(error, 'Failed to delete/archive distributor')),
        ...close,
      });
    } else {
      unarchive.mutate(id, {
        onSuccess: (result) => notifySuccess('Distributor Unarchived', result.message),
        onError: (error) =>
          notifyError('Error', errorText(error, 'Failed to unarchive distributor')),
        ...close,
      });
    }
  };

  const list = distributors.data ?? [];
  return (
    <>
      <PageHeader
        title="Distributor Management"
        subtitle="Manage distributors and track their account balances"
        actions={
          <ArchivedListActions
            showArchived={showArchived}
            onShowArchived={setShowArchived}
            add={
              rights.canWrite && {
                label: 'Add Distributor',
                onClick: () => setEditing({ opened: true, distributor: null }),
              }
            }
          />
        }
      />
      <ListState
        query={distributors}
        isEmpty={list.length === 0}
        loading="Loading distributors..."
        failed="Failed to load distributors"
        empty="No distributors added yet"
      >
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
          {list.map((distributor) => (
            <Card key={distributor.id} withBorder radius="lg" p="md" data-testid="distributor-card">
              <Stack gap="xs" style={{ flex: 1 }}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={700} fz="lg" style={{ minWidth: 0 }}>
                    {distributor.name}
                  </Text>
                  {distributor.archived && (
                    <Badge color="gray" variant="filled" style={{ flexShrink: 0 }}>
                      ARCHIVED
                    </Badge>
                  )}
                </Group>
                <Text fz="sm" c="dimmed">
                  {distributor.address}
                </Text>
                <Text fz="sm">{distributor.phone}</Text>
                <SimpleGrid cols={2} spacing="xs" mt="xs">
                  <Figure label="Total Owed" value={distributor.totalOwed} />
                  <Figure label="Total Paid" value={distributor.totalPaid} />
                  <Figure label="Total Returns" value={distributor.totalReturns} />
                  <Figure
                    label="Balance"
                    value={distributor.balance}
                    colour={balanceColour(distributor.balance)}
                  />
                </SimpleGrid>
              </Stack>
              <Group gap="xs" mt="md" justify="flex-end">
                {rights.canWrite && (
                  <>
                    <Button
                      size="xs"
                      color="green"
                      leftSection={<IconCash size={14} aria-hidden />}
                      onClick={() => setPaying(distributor)}
                    >
                      Record Payment
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconArrowBackUp size={14} aria-hidden />}
                      onClick={() => setReturning(distributor)}
                    >
                      Record Return
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconPencil size={14} aria-hidden />}
                      aria-label={`Edit ${distributor.name}`}
                      onClick={() => setEditing({ opened: true, distributor })}
                    >
                      Edit
                    </Button>
                  </>
                )}
                <Button
                  size="xs"
                  variant="default"
                  component={Link}
                  href={`/distributors/${distributor.id}/statement`}
                  leftSection={<IconFileText size={14} aria-hidden />}
                >
                  Statement
                </Button>
                {rights.canDelete && (
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    leftSection={<IconArchive size={14} aria-hidden />}
                    onClick={() =>
                      ask({
                        kind: distributor.archived ? 'unarchive' : 'delete',
                        distributor,
                      })
                    }
                  >
                    {distributor.archived ? 'Unarchive' : 'Delete / Archive'}
                  </Button>
                )}
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </ListState>
      <DistributorDialog
        opened={editing.opened}
        distributor={editing.distributor}
        onClose={() => setEditing((current) => ({ ...current, opened: false }))}
      />
      <PaymentDialog distributor={paying} onClose={() => setPaying(null)} />
      <ReturnDialog distributor={returning} onClose={() => setReturning(null)} />
      <ConfirmDialog
        opened={confirmOpen}
        title={confirming ? CONFIRM[confirming.kind].title : ''}
        message={confirming ? CONFIRM[confirming.kind].message : ''}
        confirmLabel={confirming ? CONFIRM[confirming.kind].label : ''}
        busy={remove.isPending || unarchive.isPending}
        onConfirm={confirm}
        onClose={() => setConfirmOpen(false)}
      />
    </>
  );
}
