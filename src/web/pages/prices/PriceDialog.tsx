import { Modal, Select, SimpleGrid, Stack, Switch } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { formatNaira } from '../../../domain/money';
import { type PriceChangeInput, priceChangeSchema } from '../../../domain/prices';
import { DateField } from '../../components/DateField';
import { FormActions } from '../../components/FormActions';
import { saveHandlers } from '../../components/form-errors';
import { DATE_INPUT_FORMAT, formatDate } from '../../components/format';
import { NumberField, typedNumber } from '../../components/NumberField';
import { useResetOnOpen } from '../../components/use-reset-on-open';
import { useDistributorOptions } from '../sales/queries';
import { useSetPrice } from './queries';

/** The distributor select's value for the default price. */
const EVERYONE = 'everyone';

interface PriceFormValues {
  recipeName: string | null;
  owner: string;
  pricePerLoaf: number | string;
  withdraw: boolean;
  effectiveFrom: string;
}

const toInput = (values: PriceFormValues): PriceChangeInput => ({
  recipeName: values.recipeName ?? '',
  distributorId: values.owner === EVERYONE ? null : values.owner,
  pricePerLoaf: values.withdraw ? null : typedNumber(values.pricePerLoaf),
  effectiveFrom: values.effectiveFrom,
});

const validate = schemaResolver(priceChangeSchema, { sync: true });

/** Set Price: a bread's default, or one distributor's own price (or its withdrawal), from a day on. */
export function PriceDialog(props: {
  opened: boolean;
  onClose: () => void;
  breads: string[];
  today: string;
}) {
  const distributors = useDistributorOptions(props.opened);
  const setPrice = useSetPrice();
  const empty = (): PriceFormValues => ({
    recipeName: null,
    owner: EVERYONE,
    pricePerLoaf: '',
    withdraw: false,
    effectiveFrom: props.today,
  });
  const form = useForm<PriceFormValues>({
    initialValues: empty(),
    validate: (values) => validate(toInput(values)),
  });
  useResetOnOpen(form, props.opened, empty);

  const submit = form.onSubmit((values) =>
    setPrice.mutate(
      toInput(values),
      saveHandlers(form, {
        success: (change) => ({
          title: 'Price Set',
          message: `${change.recipeName} for ${change.distributorName ?? 'everyone'}: ${
            change.pricePerLoaf === null ? 'own price withdrawn' : formatNaira(change.pricePerLoaf)
          } from ${formatDate(change.effectiveFrom)}`,
        }),
        failure: 'Failed to set the price',
        onDone: props.onClose,
      }),
    ),
  );

  const own = form.values.owner !== EVERYONE;
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Set Price" centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label="Bread Type"
              placeholder="Choose a bread type"
              data={props.breads}
              searchable
              nothingFoundMessage="No recipes yet"
              {...form.getInputProps('recipeName')}
            />
            <Select
              label="Price for"
              data={[
                { value: EVERYONE, label: 'Default for everyone' },
                ...(distributors.data ?? []).map((d) => ({ value: d.id, label: d.name })),
              ]}
              searchable
              allowDeselect={false}
              {...form.getInputProps('owner')}
              onChange={(value) => {
                form.setFieldValue('owner', value ?? EVERYONE);
                if (value === EVERYONE) form.setFieldValue('withdraw', false);
              }}
            />
            <NumberField
              label="Price per Loaf (₦)"
              min={0}
              thousandSeparator=","
              disabled={form.values.withdraw}
              {...form.getInputProps('pricePerLoaf')}
            />
            <DateField
              label="From"
              valueFormat={DATE_INPUT_FORMAT}
              minDate={props.today}
              {...form.getInputProps('effectiveFrom')}
              onChange={(date) => date && form.setFieldValue('effectiveFrom', date)}
            />
          </SimpleGrid>
          {own && (
            <Switch
              label="Withdraw this distributor's own price (the default applies)"
              {...form.getInputProps('withdraw', { type: 'checkbox' })}
            />
          )}
          <FormActions submitLabel="Set Price" busy={setPrice.isPending} onCancel={props.onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
