import { SimpleGrid, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { DistributorWithAccount } from '../../../domain/contracts/distributors';
import { errorText } from '../../api/http';
import { notifyError, notifySuccess } from '../../api/notify';
import { useRights } from '../../auth/use-rights';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListState } from '../../components/ListState';
import { ArchivedListActions } from '../../components/PageActions';
import { PageHeader } from '../../components/PageHeader';
import { MoreRows, useShownInPages } from '../../components/ShownInPages';
import { PaymentsCard } from '../receipts/PaymentsCard';
import { PendingTransfersCard } from '../receipts/PendingTransfersCard';
import { useTransferSummary } from '../receipts/queries';
import { CreditDialog } from './CreditDialog';
import { DistributorCard } from './DistributorCard';
import { DistributorDialog } from './DistributorDialog';
import { PaymentDialog } from './PaymentDialog';
import { useDeleteDistributor, useDistributors, useUnarchiveDistributor } from './queries';
import { ReminderDialog, type Reminding } from './ReminderDialog';
import { ReturnDialog } from './ReturnDialog';
import { StatementLinksDialog } from './StatementLinksDialog';

/** Cards drawn at first and added by each "Show more distributors": whole rows of 1, 2 or 3. */
const DISTRIBUTORS_PAGE = 30;

const folded = (text: string) => text.toLocaleLowerCase('en-NG');

/** A distributor whose name, phone or address holds `wanted` (already folded to lower case). */
const matches = (distributor: DistributorWithAccount, wanted: string) =>
  [distributor.name, distributor.phone ?? '', distributor.address ?? ''].some((text) =>
    folded(text).includes(wanted),
  );

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
  const awaiting = new Map(
    (useTransferSummary(rights.canRead).data?.awaiting ?? []).map((a) => [
      a.distributorId,
      a.amount,
    ]),
  );
  const remove = useDeleteDistributor();
  const unarchive = useUnarchiveDistributor();
  const [editing, setEditing] = useState<{
    opened: boolean;
    distributor: DistributorWithAccount | null;
  }>({ opened: false, distributor: null });
  const [paying, setPaying] = useState<DistributorWithAccount | null>(null);
  const [returning, setReturning] = useState<DistributorWithAccount | null>(null);
  const [reminding, setReminding] = useState<Reminding | null>(null);
  const [crediting, setCrediting] = useState<DistributorWithAccount | null>(null);
  const [sharing, setSharing] = useState<DistributorWithAccount | null>(null);
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
  const [typed, setTyped] = useState('');
  const wanted = folded(typed.trim());
  const found = wanted ? list.filter((distributor) => matches(distributor, wanted)) : list;
  const pages = useShownInPages(found, DISTRIBUTORS_PAGE);
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
      <PendingTransfersCard canDecide={rights.canDelete} />
      <ListState
        query={distributors}
        isEmpty={list.length === 0}
        loading="Loading distributors..."
        failed="Failed to load distributors"
        empty="No distributors added yet"
      >
        {list.length > DISTRIBUTORS_PAGE && (
          <TextInput
            label="Find a distributor"
            placeholder="Name, phone or address"
            value={typed}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              pages.reset();
            }}
            mb="md"
            maw={420}
          />
        )}
        {found.length === 0 && (
          <Text c="dimmed" mb="md">
            No distributor matches “{typed.trim()}”
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
          {pages.rows.map((distributor) => (
            <DistributorCard
              key={distributor.id}
              distributor={distributor}
              rights={rights}
              awaiting={awaiting.get(distributor.id)}
              actions={{
                pay: () => setPaying(distributor),
                giveBack: () => setReturning(distributor),
                edit: () => setEditing({ opened: true, distributor }),
                remind: (kind) => setReminding({ distributor, kind }),
                editCredit: () => setCrediting(distributor),
                shareLink: () => setSharing(distributor),
                archive: () =>
                  ask({ kind: distributor.archived ? 'unarchive' : 'delete', distributor }),
              }}
            />
          ))}
        </SimpleGrid>
        <MoreRows
          pages={pages}
          noun="distributor"
          label="Show more distributors"
          testId="distributors-pager"
        />
      </ListState>
      <PaymentsCard />
      <DistributorDialog
        opened={editing.opened}
        distributor={editing.distributor}
        onClose={() => setEditing((current) => ({ ...current, opened: false }))}
      />
      <PaymentDialog distributor={paying} onClose={() => setPaying(null)} />
      <ReturnDialog distributor={returning} onClose={() => setReturning(null)} />
      <ReminderDialog reminding={reminding} onClose={() => setReminding(null)} />
      <CreditDialog distributor={crediting} onClose={() => setCrediting(null)} />
      <StatementLinksDialog distributor={sharing} onClose={() => setSharing(null)} />
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
