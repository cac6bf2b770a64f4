import { Modal, Text } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import type { OutboxEntry } from '../../domain/outbox';
import { PaymentDialog } from '../pages/distributors/PaymentDialog';
import { ReturnDialog } from '../pages/distributors/ReturnDialog';
import { SaleDialog } from '../pages/sales/SaleDialog';
import { useSettlementDay } from '../pages/settlement/queries';
import { SettleForm } from '../pages/settlement/SettleForm';
import { useOutbox } from './outbox-store';

/** A refused settlement, corrected on its day's sheet for its distributor. */
function SettlementCorrection({ entry, onClose }: { entry: OutboxEntry; onClose: () => void }) {
  const settled = entry.write.kind === 'settlement' ? entry.write : null;
  const answer = useSettlementDay(settled?.body.day ?? null);
  const sheet = answer.data?.sheets.find((one) => one.distributorId === settled?.params.id);
  // Settled (sent or kept again): the form has said so in its toast.
  const stillRefused = useOutbox().some((e) => e.key === entry.key && e.state === 'refused');
  useEffect(() => {
    if (!stillRefused) onClose();
  }, [stillRefused, onClose]);
  return (
    <Modal opened onClose={onClose} title="Correct Settlement" centered size="lg">
      {!answer.data || !settled ? (
        <Text c="dimmed">{answer.isError ? 'Failed to load the day.' : 'Loading the day...'}</Text>
      ) : sheet && !sheet.settlement ? (
        <SettleForm day={settled.body.day} sheet={sheet} />
      ) : (
        <Text>
          {sheet
            ? `${sheet.name} is settled for that day already: discard this one.`
            : 'That distributor was not dispatched that day: discard this one.'}
        </Text>
      )}
    </Modal>
  );
}

/** The dialog a refused record was made in, opened with its figures: saving replaces it. */
export default function UnsentCorrection(props: { entry: OutboxEntry; onClose: () => void }) {
  const { entry, onClose } = props;
  const { write } = entry;
  // One object while the dialog is open: a new one would start the form afresh.
  const distributor = useMemo(
    () => ({
      id: write.kind === 'settlement' ? write.params.id : write.body.distributorId,
      name: entry.distributorName,
    }),
    [write, entry.distributorName],
  );
  switch (write.kind) {
    case 'sale':
      return <SaleDialog opened onClose={onClose} correcting={entry} />;
    case 'payment':
      return <PaymentDialog distributor={distributor} onClose={onClose} correcting={entry} />;
    case 'return':
      return <ReturnDialog distributor={distributor} onClose={onClose} correcting={entry} />;
    case 'settlement':
      return <SettlementCorrection entry={entry} onClose={onClose} />;
  }
}
