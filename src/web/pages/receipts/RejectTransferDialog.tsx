import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  type PendingTransfer,
  rejectTransferSchema,
} from '../../../domain/contracts/pending-transfers';
import { PAYMENT_METHOD_LABELS } from '../../../domain/distributor-schemas';
import { formatNaira } from '../../../domain/money';
import { FormActions } from '../../components/FormActions';
import { saveHandlers } from '../../components/form-errors';
import { useResetOnOpen } from '../../components/use-reset-on-open';
import { useRejectTransfer } from './queries';

const validate = schemaResolver(rejectTransferSchema, { sync: true });

/** Reject: the money never came. The reason is kept on the transfer. */
export function RejectTransferDialog(props: {
  transfer: PendingTransfer | null;
  onClose: () => void;
}) {
  const { transfer } = props;
  const rejectTransfer = useRejectTransfer();
  const form = useForm({ initialValues: { reason: '' }, validate });
  useResetOnOpen(form, transfer !== null, () => ({ reason: '' }), [transfer]);

  const submit = form.onSubmit((values) =>
    rejectTransfer.mutate(
      { id: transfer?.id ?? '', input: values },
      saveHandlers(form, {
        success: (rejected) => ({
          title: 'Transfer Rejected',
          message: `${formatNaira(rejected.amount)} from ${rejected.distributorName} is not counted`,
        }),
        failure: 'Failed to reject the transfer',
        onDone: props.onClose,
      }),
    ),
  );

  return (
    <Modal opened={transfer !== null} onClose={props.onClose} title="Reject transfer" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {transfer && (
            <Text fz="sm">
              {formatNaira(transfer.amount)} by {PAYMENT_METHOD_LABELS[transfer.paymentMethod]} from{' '}
              {transfer.distributorName} will not be counted.
            </Text>
          )}
          <Textarea
            label="Reason"
            placeholder="e.g. No credit alert on the bank statement"
            autosize
            minRows={2}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <FormActions
            submitLabel="Reject transfer"
            busy={rejectTransfer.isPending}
            onCancel={props.onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
