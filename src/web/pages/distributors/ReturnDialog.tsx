import { Modal, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { BreadReturn, DistributorWithAccount } from '../../../domain/contracts/distributors';
import {
  type BreadReturnInput,
  breadReturnSchema,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  returnPriceTooHigh,
} from '../../../domain/distributor-schemas';
import { formatNaira, toKobo } from '../../../domain/money';
import type { OutboxEntry } from '../../../domain/outbox';
import { loavesValue } from '../../../domain/sales-schemas';
import { countOf } from '../../../domain/words';
import { FormActions } from '../../components/FormActions';
import { saveHandlers } from '../../components/form-errors';
import { NumberField, typedNumber } from '../../components/NumberField';
import { useResetOnOpen } from '../../components/use-reset-on-open';
import { orKeptOnDevice } from '../../offline/outbox-write';
import { useRecordReturn, useReturnableBreads } from './queries';

interface ReturnFormValues {
  recipeName: string | null;
  loavesReturned: number | string;
  pricePerLoaf: number | string;
  reason: string;
  notes: string;
}

const EMPTY: ReturnFormValues = {
  recipeName: null,
  loavesReturned: 1,
  pricePerLoaf: 0,
  reason: 'spoiled',
  notes: '',
};

/** A refused return's figures, for a person to correct (the Unsent list's Correct). */
function valuesOf(entry: OutboxEntry | undefined): ReturnFormValues {
  if (entry?.write.kind !== 'return') return EMPTY;
  const back = entry.write.body;
  return {
    recipeName: back.recipeName,
    loavesReturned: back.loavesReturned,
    pricePerLoaf: back.pricePerLoaf,
    reason: back.reason ?? 'spoiled',
    notes: back.notes ?? '',
  };
}

const validate = schemaResolver(breadReturnSchema, { sync: true });

/**
 * Record Return: loaves a distributor brought back, credited at the price per
 * loaf. `correcting`: a return the server refused after it waited in the
 * outbox, opened with its figures; saving replaces it.
 */
export function ReturnDialog(props: {
  distributor: Pick<DistributorWithAccount, 'id' | 'name'> | null;
  onClose: () => void;
  correcting?: OutboxEntry | undefined;
}) {
  const { distributor, correcting } = props;
  const breads = useReturnableBreads(distributor?.id ?? null);
  const recordReturn = useRecordReturn();
  const toInput = (values: ReturnFormValues): BreadReturnInput => ({
    distributorId: distributor?.id ?? '',
    recipeName: values.recipeName ?? '',
    loavesReturned: typedNumber(values.loavesReturned),
    pricePerLoaf: typedNumber(values.pricePerLoaf),
    reason: values.reason as BreadReturnInput['reason'],
    notes: values.notes || null,
  });
  const breadNamed = (recipeName: string | null) =>
    breads.data?.find((candidate) => candidate.recipeName === recipeName);
  const form = useForm<ReturnFormValues>({
    initialValues: EMPTY,
    validate: (values) => {
      const errors = validate(toInput(values));
      // The server's limit, checked here too so the message shows before saving.
      const bread = breadNamed(values.recipeName);
      const price = typedNumber(values.pricePerLoaf);
      if (!errors.pricePerLoaf && bread && price >= 0 && toKobo(price) > toKobo(bread.maxPrice)) {
        errors.pricePerLoaf = returnPriceTooHigh(bread.maxPrice, bread.recipeName);
      }
      return errors;
    },
  });

  useResetOnOpen(form, distributor !== null, () => valuesOf(correcting), [
    distributor,
    correcting?.key,
  ]);

  // The price the distributor last paid for that bread is the usual credit.
  const chooseBread = (recipeName: string | null) => {
    form.setFieldValue('recipeName', recipeName);
    const bread = breadNamed(recipeName);
    if (bread) form.setFieldValue('pricePerLoaf', bread.lastPrice);
  };
  const chosen = breadNamed(form.values.recipeName);

  const loaves = typedNumber(form.values.loavesReturned);
  const price = typedNumber(form.values.pricePerLoaf);
  const priced =
    Number.isFinite(price) && price >= 0 && (!chosen || toKobo(price) <= toKobo(chosen.maxPrice));
  const credit =
    Number.isInteger(loaves) && loaves > 0 && priced ? loavesValue(loaves, price) : null;

  const submit = form.onSubmit((values) =>
    recordReturn.mutate(
      { input: toInput(values), distributorName: distributor?.name ?? '', replacing: correcting },
      orKeptOnDevice(
        saveHandlers<BreadReturn>(form, {
          success: (back) => ({
            title: 'Return Recorded',
            message: `${countOf(back.loavesReturned, 'loaf')} of ${back.recipeName} from ${distributor?.name}`,
          }),
          failure: 'Failed to record return',
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
      title={correcting ? 'Correct Return' : 'Record Return'}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {distributor && (
            <Text fz="sm" c="dimmed">
              {distributor.name}
            </Text>
          )}
          <Select
            label="Bread Type"
            placeholder={breads.isPending ? 'Loading...' : 'Choose a bread type'}
            data={(breads.data ?? []).map((bread) => ({
              value: bread.recipeName,
              label: `${bread.recipeName} (up to ${bread.returnable.toLocaleString('en-NG')})`,
            }))}
            nothingFoundMessage="This distributor has no loaves to return"
            {...form.getInputProps('recipeName')}
            onChange={chooseBread}
          />
          <SimpleGrid cols={2} spacing="md">
            <NumberField
              label="Loaves Returned"
              description={
                chosen ? `At most ${chosen.returnable.toLocaleString('en-NG')}` : undefined
              }
              min={0}
              {...form.getInputProps('loavesReturned')}
            />
            <NumberField
              label="Price per Loaf (₦)"
              description={chosen ? `At most ${formatNaira(chosen.maxPrice)}` : undefined}
              min={0}
              thousandSeparator=","
              {...form.getInputProps('pricePerLoaf')}
            />
          </SimpleGrid>
          <Select
            label="Reason"
            data={RETURN_REASONS.map((value) => ({ value, label: RETURN_REASON_LABELS[value] }))}
            allowDeselect={false}
            {...form.getInputProps('reason')}
          />
          <Textarea
            label="Notes (Optional)"
            autosize
            minRows={2}
            {...form.getInputProps('notes')}
          />
          <Text fz="sm" data-testid="return-credit">
            Credit: <b>{credit === null ? '—' : formatNaira(credit)}</b>
          </Text>
          <FormActions
            submitLabel="Record Return"
            busy={recordReturn.isPending}
            onCancel={props.onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
