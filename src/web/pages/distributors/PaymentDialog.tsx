import { Alert, Anchor, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from 'wouter';
import type {
  DistributorPayment,
  DistributorWithAccount,
} from '../../../domain/contracts/distributors';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentInput,
  type PaymentMethod,
  paymentSchema,
} from '../../../domain/distributor-schemas';
import { formatNaira } from '../../../domain/money';
import type { OutboxEntry } from '../../../domain/outbox';
import { isTransfer } from '../../../domain/receipts';
import { useRights } from '../../auth/use-rights';
import { FormActions } from '../../components/FormActions';
import { saveHandlers } from '../../components/form-errors';
import { NumberField, typedNumber } from '../../components/NumberField';
import { useResetOnOpen } from '../../components/use-reset-on-open';
import { orKeptOnDevice } from '../../offline/outbox-write';
import { receiptHref, useTransferSummary } from '../receipts/queries';
import { useRecordPayment } from './queries';

interface PaymentFormValues {
  amount: number | string;
  paymentMethod: string;
  description: string;
}

const EMPTY: PaymentFormValues = { amount: '', paymentMethod: 'cash', description: '' };

/** A refused payment's figures, for a person to correct (the Unsent list's Correct). */
function valuesOf(entry: OutboxEntry | undefined): PaymentFormValues {
  if (entry?.write.kind !== 'payment') return EMPTY;
  const payment = entry.write.body;
  return {
    amount: payment.amount,
    paymentMethod: payment.paymentMethod ?? 'cash',
    description: payment.description ?? '',
  };
}

const validate = schemaResolver(paymentSchema, { sync: true });

/**
 * Record Payment: money a distributor paid apart from a sale. `correcting`:
 * a payment the server refused after it waited in the outbox, opened with
 * its figures (for its distributor, balance unknown); saving replaces it.
 */
export function PaymentDialog(props: {
  distributor: (Pick<DistributorWithAccount, 'id' | 'name'> & { balance?: number }) | null;
  onClose: () => void;
  correcting?: OutboxEntry | undefined;
}) {
  const { distributor, correcting } = props;
  const recordPayment = useRecordPayment();
  const confirmTransfers =
    useTransferSummary(useRights('distributors').canRead).data?.confirmTransfers ?? false;
  const toInput = (values: PaymentFormValues): PaymentInput => ({
    distributorId: distributor?.id ?? '',
    amount: typedNumber(values.amount),
    paymentMethod: values.paymentMethod as PaymentInput['paymentMethod'],
    description: values.description || null,
  });
  const form = useForm<PaymentFormValues>({
    initialValues: EMPTY,
    validate: (values) => validate(toInput(values)),
  });

  useResetOnOpen(form, distributor !== null, () => valuesOf(correcting), [
    distributor,
    correcting?.key,
  ]);

  const submit = form.onSubmit((values) =>
    recordPayment.mutate(
      { input: toInput(values), distributorName: distributor?.name ?? '', replacing: correcting },
      orKeptOnDevice(
        saveHandlers<DistributorPayment>(form, {
          success: (payment) =>
            payment.status === 'pending_confirmation'
              ? {
                  title: 'Transfer Awaiting Confirmation',
                  message: `${formatNaira(payment.amount)} from ${distributor?.name} will count once a manager confirms it`,
                }
              : {
                  title: 'Payment Recorded',
                  message: (
                    <>
                      {formatNaira(payment.amount)} from {distributor?.name} ·{' '}
                      <Anchor
                        component={Link}
                        href={receiptHref(payment.id)}
                        fz="sm"
                        underline="always"
                      >
                        Receipt {payment.receiptLabel}
                      </Anchor>
                    </>
                  ),
                },
          failure: 'Failed to record payment',
          onDone: props.onClose,
        }),
        props.onClose,
      ),
    ),
  );

  return (
    <Modal
      opened={distributor !== null}
      onClose={props.onClose}
      title={correcting ? 'Correct Payment' : 'Record Payment'}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {distributor && (
            <Text fz="sm" c="dimmed">
              {distributor.name}
              {distributor.balance === undefined
                ? null
                : ` · balance ${formatNaira(distributor.balance)}`}
            </Text>
          )}
          <NumberField
            label="Amount (₦)"
            min={0}
            thousandSeparator=","
            data-autofocus
            {...form.getInputProps('amount')}
          />
          <Select
            label="Payment Method"
            data={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
            allowDeselect={false}
            {...form.getInputProps('paymentMethod')}
          />
          {confirmTransfers && isTransfer(form.values.paymentMethod as PaymentMethod) && (
            <Alert color="yellow" data-testid="transfer-waits">
              A transfer counts in the balance once a manager confirms the money arrived.
            </Alert>
          )}
          <TextInput
            label="Description (Optional)"
            placeholder="e.g. Part payment for last week"
            {...form.getInputProps('description')}
          />
          <FormActions
            submitLabel="Record Payment"
            busy={recordPayment.isPending}
            onCancel={props.onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
