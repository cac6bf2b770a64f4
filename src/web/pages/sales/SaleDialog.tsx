import { Group, Modal, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import type { SaleTransaction } from '../../../domain/contracts/sales';
import { formatNaira } from '../../../domain/money';
import type { OutboxEntry } from '../../../domain/outbox';
import { loavesValue, overpaidBy, type SaleInput, saleSchema } from '../../../domain/sales-schemas';
import { countOf } from '../../../domain/words';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CreditRefusal, useCreditRefusal } from '../../components/CreditOverride';
import { CreditPanel } from '../../components/CreditPanel';
import { FormActions } from '../../components/FormActions';
import { saveHandlers } from '../../components/form-errors';
import { NumberField, typedNumber } from '../../components/NumberField';
import { useResetOnOpen } from '../../components/use-reset-on-open';
import { keptOnDevice } from '../../offline/outbox-write';
import { useAvailableLoaves, useDistributorOptions, useRecordSale } from './queries';
import { usePricePrefill } from './use-price-prefill';

interface SaleFormValues {
  distributorId: string | null;
  recipeName: string | null;
  loavesTaken: number | string;
  pricePerLoaf: number | string;
  amountPaid: number | string;
  notes: string;
}

const EMPTY: SaleFormValues = {
  distributorId: null,
  recipeName: null,
  loavesTaken: 1,
  pricePerLoaf: 0,
  amountPaid: 0,
  notes: '',
};

/** Where the prefilled price came from, under the field. */
const PRICE_SOURCE = {
  own: "The distributor's own price today",
  default: 'The default price today',
  none: 'No price set for this bread',
} as const;

/** A refused sale's figures, for a person to correct (the Unsent list's Correct). */
function valuesOf(entry: OutboxEntry | undefined): SaleFormValues {
  if (entry?.write.kind !== 'sale') return EMPTY;
  const sale = entry.write.body;
  return {
    distributorId: sale.distributorId,
    recipeName: sale.recipeName,
    loavesTaken: sale.loavesTaken,
    pricePerLoaf: sale.pricePerLoaf,
    amountPaid: sale.amountPaid ?? 0,
    notes: sale.notes ?? '',
  };
}

const toInput = (values: SaleFormValues): SaleInput => ({
  distributorId: values.distributorId ?? '',
  recipeName: values.recipeName ?? '',
  loavesTaken: typedNumber(values.loavesTaken),
  pricePerLoaf: typedNumber(values.pricePerLoaf),
  amountPaid: typedNumber(values.amountPaid),
  notes: values.notes || null,
});

const validate = schemaResolver(saleSchema, { sync: true });

/** What the credit check looks at: a refusal stands while these stay as they were. */
const creditFigures = (input: SaleInput) =>
  JSON.stringify([input.distributorId, input.loavesTaken, input.pricePerLoaf, input.amountPaid]);

/** A typed amount, or null while the box holds none (the panel shows "—"). */
const amountOrNull = (value: number) => (Number.isFinite(value) && value >= 0 ? value : null);

/**
 * Record Sale: loaves of one bread to one distributor, with what was paid on
 * the spot. `correcting`: a sale the server refused after it waited in the
 * outbox, opened with its figures; saving replaces it.
 */
export function SaleDialog(props: {
  opened: boolean;
  onClose: () => void;
  correcting?: OutboxEntry | undefined;
}) {
  const { correcting } = props;
  const distributors = useDistributorOptions(props.opened);
  const available = useAvailableLoaves(props.opened);
  const recordSale = useRecordSale();
  const form = useForm<SaleFormValues>({
    initialValues: EMPTY,
    validate: (values) => validate(toInput(values)),
  });

  useResetOnOpen(form, props.opened, () => valuesOf(correcting), [correcting?.key]);
  // A corrected sale keeps the price it was made at, until its distributor or bread changes.
  const made = valuesOf(correcting);
  const madeFor = correcting ? `${made.distributorId}|${made.recipeName}` : null;
  const salePrice = usePricePrefill(
    form.values.distributorId,
    form.values.recipeName,
    props.opened,
    (price) => {
      if (`${form.values.distributorId}|${form.values.recipeName}` !== madeFor) {
        form.setFieldValue('pricePerLoaf', price);
      }
    },
  );

  const loaves = typedNumber(form.values.loavesTaken);
  const price = typedNumber(form.values.pricePerLoaf);
  const value =
    Number.isInteger(loaves) && loaves > 0 && price >= 0 ? loavesValue(loaves, price) : null;
  const refused = useCreditRefusal(creditFigures(toInput(form.values)));

  // A sale paid above its value, held until the clerk says the rest is credit.
  const [overpaid, setOverpaid] = useState<{ input: SaleInput; excess: number } | null>(null);
  const amountPaidRef = useRef<HTMLInputElement>(null);

  // A refusal belongs to this opening of the dialog: the next one starts without it.
  const close = () => {
    refused.clear();
    props.onClose();
  };

  const save = (input: SaleInput) => {
    const handlers = saveHandlers(form, {
      success: (sale: SaleTransaction) => ({
        title: 'Sale Recorded',
        message: `${countOf(sale.loavesTaken, 'loaf')} of ${sale.recipeName} to ${sale.distributorName}`,
      }),
      failure: 'Failed to record sales transaction',
      onDone: close,
    });
    const distributorName =
      distributors.data?.find((d) => d.id === input.distributorId)?.name ??
      correcting?.distributorName ??
      '';
    recordSale.mutate(
      { input, distributorName, replacing: correcting },
      {
        onSuccess: handlers.onSuccess,
        onError: (error) => {
          if (keptOnDevice(error)) return close();
          handlers.onError(error);
          refused.failed(error, creditFigures(input));
        },
      },
    );
  };

  const submit = form.onSubmit((values) => {
    const input = toInput(values);
    const excess = overpaidBy(input);
    if (excess > 0) setOverpaid({ input, excess });
    else save(input);
  });

  const changeAmount = () => {
    setOverpaid(null);
    amountPaidRef.current?.focus();
  };
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={correcting ? 'Correct Sale' : 'Record Sale'}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label="Distributor"
              placeholder={
                distributors.isPending ? 'Loading distributors...' : 'Choose a distributor'
              }
              data={(distributors.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
              searchable
              nothingFoundMessage="No active distributors"
              {...form.getInputProps('distributorId')}
            />
            <Select
              label="Bread Type"
              placeholder={available.isPending ? 'Loading loaves...' : 'Choose a bread type'}
              data={(available.data ?? []).map((entry) => ({
                value: entry.recipeName,
                label: `${entry.recipeName} (${entry.totalAvailable.toLocaleString('en-NG')} available)`,
              }))}
              nothingFoundMessage="No loaves available from production"
              {...form.getInputProps('recipeName')}
            />
            <NumberField label="Loaves Taken" min={0} {...form.getInputProps('loavesTaken')} />
            <NumberField
              label="Price per Loaf (₦)"
              description={salePrice && PRICE_SOURCE[salePrice.source]}
              min={0}
              thousandSeparator=","
              {...form.getInputProps('pricePerLoaf')}
            />
            <NumberField
              label="Amount Paid (₦)"
              min={0}
              thousandSeparator=","
              ref={amountPaidRef}
              {...form.getInputProps('amountPaid')}
            />
            <Group justify="space-between" align="flex-end" pb={6}>
              <Text fz="sm" fw={500}>
                Sale value
              </Text>
              <Text fw={700} data-testid="sale-value">
                {value === null ? '—' : formatNaira(value)}
              </Text>
            </Group>
          </SimpleGrid>
          {form.values.distributorId ? (
            <CreditPanel
              distributorId={form.values.distributorId}
              value={value}
              paid={amountOrNull(typedNumber(form.values.amountPaid))}
              afterLabel="Balance after this sale"
            />
          ) : null}
          {refused.refusal ? (
            <CreditRefusal
              refusal={refused.refusal}
              busy={recordSale.isPending}
              onAllow={(reason) => {
                if (!form.validate().hasErrors) {
                  save({ ...toInput(form.values), creditOverrideReason: reason });
                }
              }}
            />
          ) : null}
          <Textarea
            label="Notes (Optional)"
            autosize
            minRows={2}
            {...form.getInputProps('notes')}
          />
          <FormActions submitLabel="Record Sale" busy={recordSale.isPending} onCancel={close} />
        </Stack>
      </form>
      <ConfirmDialog
        opened={overpaid !== null}
        title="Paid more than the sale"
        message={`Paid is ${formatNaira(overpaid?.excess ?? 0)} more than this sale: keep it as credit?`}
        confirmLabel="Keep as credit"
        cancelLabel="Change amount"
        confirmColor="orange"
        returnFocus={false}
        onConfirm={() => {
          if (overpaid) save(overpaid.input);
          setOverpaid(null);
        }}
        onClose={changeAmount}
      />
    </Modal>
  );
}
