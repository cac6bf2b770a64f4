import { Modal, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { DistributorWithAccount } from '../../../domain/contracts/distributors';
import { type CreditTermsInput, creditTermsSchema } from '../../../domain/credit';
import { formatNaira } from '../../../domain/money';
import { FormActions } from '../../components/FormActions';
import { saveHandlers } from '../../components/form-errors';
import { NumberField, typedNumber } from '../../components/NumberField';
import { useResetOnOpen } from '../../components/use-reset-on-open';
import { creditTermsText } from './CreditSummary';
import { useSaveCreditTerms } from './credit-queries';

interface CreditFormValues {
  creditLimit: number | string;
  paymentTermsDays: number | string;
}

const validate = schemaResolver(creditTermsSchema, { sync: true });

/** An empty box is "none": no limit, or due the day of the sale. */
const orNone = (value: number | string) => (value === '' ? null : typedNumber(value));

const toInput = (values: CreditFormValues): CreditTermsInput => ({
  creditLimit: orNone(values.creditLimit),
  paymentTermsDays: orNone(values.paymentTermsDays),
});

const valuesOf = (distributor: DistributorWithAccount | null): CreditFormValues => ({
  creditLimit: distributor?.creditLimit ?? '',
  paymentTermsDays: distributor?.paymentTermsDays ?? '',
});

/** Edit credit: a manager's limit on what the distributor may owe, and its payment terms. */
export function CreditDialog(props: {
  distributor: DistributorWithAccount | null;
  onClose: () => void;
}) {
  const { distributor } = props;
  const save = useSaveCreditTerms();
  const form = useForm<CreditFormValues>({
    initialValues: valuesOf(null),
    validate: (values) => validate(toInput(values)),
  });
  useResetOnOpen(form, distributor !== null, () => valuesOf(distributor), [distributor]);

  const submit = form.onSubmit((values) => {
    if (!distributor) return;
    save.mutate(
      { id: distributor.id, input: toInput(values) },
      saveHandlers(form, {
        success: (saved) => ({
          title: 'Credit Saved',
          message: `${saved.name}: ${creditTermsText(saved.creditLimit, saved.paymentTermsDays)}`,
        }),
        failure: 'Failed to save credit terms',
        onDone: props.onClose,
      }),
    );
  });

  return (
    <Modal opened={distributor !== null} onClose={props.onClose} title="Edit credit" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {distributor && (
            <Text fz="sm" c="dimmed">
              {distributor.name} · balance {formatNaira(distributor.balance)}
            </Text>
          )}
          <NumberField
            label="Credit limit (₦)"
            description="The most it may owe. Leave empty for no limit."
            min={0}
            thousandSeparator=","
            data-autofocus
            {...form.getInputProps('creditLimit')}
          />
          <NumberField
            label="Payment terms (days)"
            description="Days from a sale until it is due. Leave empty for due the day of sale."
            min={0}
            {...form.getInputProps('paymentTermsDays')}
          />
          <FormActions submitLabel="Save credit" busy={save.isPending} onCancel={props.onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
