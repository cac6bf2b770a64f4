import { Anchor, Button, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'wouter';
import {
  type PendingTransfer,
  TRANSFER_STATUS_LABELS,
  TRANSFER_STATUSES,
  type TransferStatus,
} from '../../../domain/contracts/pending-transfers';
import { PAYMENT_METHOD_LABELS } from '../../../domain/distributor-schemas';
import { formatNaira, sumNaira } from '../../../domain/money';
import { DEFAULT_TIME_ZONE } from '../../../domain/time';
import { countOf } from '../../../domain/words';
import { errorText } from '../../api/http';
import { notifyError, notifySuccess } from '../../api/notify';
import { useAppInfo } from '../../auth/queries';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDateTime } from '../../components/format';
import { ListState, ShowMoreButton } from '../../components/ListState';
import { receiptHref, useConfirmTransfer, useTransferSummary, useTransfers } from './queries';
import { RejectTransferDialog } from './RejectTransferDialog';

/** What became of a decided transfer, by whom and when. */
function Decision({
  transfer,
  when,
}: {
  transfer: PendingTransfer;
  when: (iso: string) => string;
}) {
  if (transfer.status === 'pending' || !transfer.decidedAt) return null;
  const by = `${transfer.decidedByName ?? 'Unknown'}, ${when(transfer.decidedAt)}`;
  if (transfer.status === 'rejected') {
    return (
      <Text fz="sm" c="red">
        Rejected by {by}: {transfer.rejectionReason}
      </Text>
    );
  }
  return (
    <Text fz="sm" c="green">
      Confirmed by {by}
      {transfer.paymentId && transfer.receiptLabel && (
        <>
          {' · '}
          <Anchor component={Link} href={receiptHref(transfer.paymentId)} fz="sm">
            {transfer.receiptLabel}
          </Anchor>
        </>
      )}
    </Text>
  );
}

/**
 * Bank transfers and mobile money recorded while they need confirming: a
 * manager (Distributors delete) confirms each one that arrived or rejects it
 * with a reason. Shown while the setting is on or any still waits.
 */
export function PendingTransfersCard(props: { canDecide: boolean }) {
  const [status, setStatus] = useState<TransferStatus>('pending');
  const summary = useTransferSummary();
  const timeZone = useAppInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const transfers = useTransfers(status);
  const confirm = useConfirmTransfer();
  const [confirming, setConfirming] = useState<PendingTransfer | null>(null);
  // The question stays while the dialog animates closed, so its text does not vanish first.
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [rejecting, setRejecting] = useState<PendingTransfer | null>(null);
  const awaiting = summary.data?.awaiting ?? [];
  if (!summary.data?.confirmTransfers && awaiting.length === 0) return null;

  const when = (iso: string) => formatDateTime(iso, timeZone);
  const rows = transfers.data?.pages.flat() ?? [];
  const waiting = awaiting.reduce((n, a) => n + a.transfers, 0);
  const decide = () => {
    if (!confirming) return;
    confirm.mutate(confirming.id, {
      onSuccess: (done) =>
        notifySuccess(
          'Transfer Confirmed',
          `${formatNaira(done.amount)} from ${done.distributorName} is credited (${done.receiptLabel})`,
        ),
      onError: (error) => notifyError('Error', errorText(error, 'Failed to confirm the transfer')),
      onSettled: () => setConfirmOpen(false),
    });
  };

  return (
    <Card withBorder radius="lg" p="lg" mb="md" data-testid="pending-transfers">
      <Group justify="space-between" wrap="wrap" gap="sm" mb="md">
        <div>
          <Title order={2} fz="lg">
            Transfers awaiting confirmation
          </Title>
          <Text fz="sm" c="dimmed">
            {waiting === 0
              ? 'None waiting'
              : `${formatNaira(sumNaira(awaiting.map((a) => a.amount)))} in ${countOf(waiting, 'transfer')}, not yet in any balance`}
          </Text>
        </div>
        <SegmentedControl
          size="xs"
          value={status}
          onChange={(value) => setStatus(value as TransferStatus)}
          data={TRANSFER_STATUSES.map((value) => ({
            value,
            label: value === 'pending' ? 'Awaiting' : TRANSFER_STATUS_LABELS[value],
          }))}
          aria-label="Transfers to show"
        />
      </Group>
      <ListState
        query={transfers}
        isEmpty={rows.length === 0}
        loading="Loading transfers..."
        failed="Failed to load transfers"
        empty={status === 'pending' ? 'No transfers awaiting confirmation' : 'None yet'}
      >
        <Stack gap="sm">
          {rows.map((transfer) => (
            <Group
              key={transfer.id}
              justify="space-between"
              wrap="wrap"
              align="flex-start"
              gap="xs"
              data-testid="pending-transfer"
            >
              <div style={{ minWidth: 0, flex: '1 1 220px' }}>
                <Text fw={600}>
                  {transfer.distributorName} · {formatNaira(transfer.amount)}
                </Text>
                <Text fz="sm" c="dimmed">
                  {PAYMENT_METHOD_LABELS[transfer.paymentMethod]} · {when(transfer.createdAt)} ·
                  recorded by {transfer.recordedByName ?? 'Unknown'}
                  {transfer.description && ` · ${transfer.description}`}
                </Text>
                <Decision transfer={transfer} when={when} />
              </div>
              {transfer.status === 'pending' && props.canDecide && (
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    color="green"
                    leftSection={<IconCheck size={14} aria-hidden />}
                    aria-label={`Confirm ${formatNaira(transfer.amount)} from ${transfer.distributorName}`}
                    onClick={() => {
                      setConfirming(transfer);
                      setConfirmOpen(true);
                    }}
                  >
                    Confirm
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    leftSection={<IconX size={14} aria-hidden />}
                    aria-label={`Reject ${formatNaira(transfer.amount)} from ${transfer.distributorName}`}
                    onClick={() => setRejecting(transfer)}
                  >
                    Reject
                  </Button>
                </Group>
              )}
            </Group>
          ))}
          <ShowMoreButton query={transfers} label="Show more transfers" />
        </Stack>
      </ListState>
      <ConfirmDialog
        opened={confirmOpen}
        title="Confirm transfer"
        message={
          confirming
            ? `Has ${formatNaira(confirming.amount)} from ${confirming.distributorName} arrived? It will be credited, dated ${when(confirming.createdAt)}, with a receipt.`
            : ''
        }
        confirmLabel="Confirm transfer"
        confirmColor="green"
        busy={confirm.isPending}
        onConfirm={decide}
        onClose={() => setConfirmOpen(false)}
      />
      <RejectTransferDialog transfer={rejecting} onClose={() => setRejecting(null)} />
    </Card>
  );
}
