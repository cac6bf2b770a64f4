import { Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { DistributorWithAccount } from '../../../domain/contracts/distributors';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentInput,
  paymentSchema,
} from '../../../domain/distributor-schemas';
import { formatNaira } from '../../../domain/money';
import { FormActions } from '../../components/FormActions';
import { saveHandlers } from '../../components/form-errors';
import { NumberField, typedNumber } from '../../components/NumberField';
import { useResetOnOpen } from '../../components/use-reset-on-open';
import { useRecordPayment } from './queries';

interface PaymentFormValues {
  amount: number | string;
  paymentMethod: string;
  description: string;
}

const EMPTY: PaymentFormValues = { amount: '', paymentMethod: 'cash', description: '' };

const validate = schemaResolver(paymentSchema, { sync: true });

/** Record Payment: money a distributor paid apart from a sale. */
export function PaymentDialog(props: {
  distributor: DistributorWithAccount | null;
  onClose: () => void;
}) {
  const { distributor } = props;
  const recordPayment = useRecordPayment();
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

  useResetOnOpen(form, distributor !== null, () => EMPTY, [distributor]);

  const submit = form.onSubmit((values) =>
    recordPayment.mutate(
      toInput(values),
      saveHandlers(form, {
        success: (payment) => ({
          title: 'Payment Recorded',
          message: `${formatNaira(payment.amount)} from ${distributor?.name}`,
        }),
        failure: 'Failed to record payment',
        onDone: props.onClose,
      }),
    ),
  );

  return (
    <Modal opened={distributor !== null} onClose={props.onClose} title="Record Payment" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {distributor && (
            <Text fz="sm" c="dimmed">
              {distributor.name} · balance {formatNaira(distributor.balance)}
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
