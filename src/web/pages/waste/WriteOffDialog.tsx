import { Group, Modal, Radio, Select, Stack, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { WasteShelf } from '../../../domain/contracts/waste';
import { RETURN_REASON_LABELS } from '../../../domain/distributor-schemas';
import { formatNaira } from '../../../domain/money';
import {
  loavesOnHandMessage,
  WASTE_REASON_LABELS,
  WASTE_REASONS,
  WASTE_SOURCE_LABELS,
  type WasteSource,
  type WriteOffInput,
  writeOffSchema,
} from '../../../domain/waste';
import { countOf } from '../../../domain/words';
import { FormActions } from '../../components/FormActions';
import { saveHandlers } from '../../components/form-errors';
import { formatDay } from '../../components/format';
import { NumberField, typedNumber } from '../../components/NumberField';
import { useResetOnOpen } from '../../components/use-reset-on-open';
import { useWriteOff } from './queries';

/** What Write off was clicked on: a bread on the shelf, or a distributor's return. */
export type WriteOffTarget = { recipeName: string } | { returnId: string };

interface WriteOffValues {
  source: WasteSource;
  recipeName: string | null;
  breadReturnId: string | null;
  loaves: number | string;
  reason: string | null;
  notes: string;
}

const validate = schemaResolver(writeOffSchema, { sync: true });

function toInput(values: WriteOffValues): WriteOffInput {
  const returned = values.source === 'returned';
  return {
    source: values.source,
    ...(returned
      ? { breadReturnId: values.breadReturnId ?? undefined }
      : { recipeName: values.recipeName ?? undefined }),
    loaves: typedNumber(values.loaves),
    reason: (values.reason ?? undefined) as WriteOffInput['reason'],
    notes: values.notes || null,
  };
}

/**
 * The loaves of that kind left to write off, for the limit shown under
 * Loaves; undefined while the bread or return is not chosen.
 */
function loavesLeft(shelf: WasteShelf, values: WriteOffValues): number | undefined {
  if (values.source === 'returned') {
    return shelf.returns.find((entry) => entry.id === values.breadReturnId)?.loavesLeft;
  }
  const bread = shelf.breads.find((entry) => entry.recipeName === values.recipeName);
  if (!bread) return undefined;
  return values.source === 'fresh' ? bread.onSale : bread.stale;
}

/** Opening on a bread writes off its stale loaves, all of them, unless it has none. */
function initialValues(shelf: WasteShelf, target: WriteOffTarget | null): WriteOffValues {
  const empty = { recipeName: null, breadReturnId: null, reason: null, notes: '' };
  if (target && 'returnId' in target) {
    const entry = shelf.returns.find((candidate) => candidate.id === target.returnId);
    return {
      ...empty,
      source: 'returned',
      breadReturnId: target.returnId,
      loaves: entry?.loavesLeft ?? 1,
    };
  }
  const bread = shelf.breads.find((entry) => entry.recipeName === target?.recipeName);
  if (bread && bread.stale > 0) {
    return {
      ...empty,
      source: 'stale',
      recipeName: bread.recipeName,
      loaves: bread.stale,
      reason: 'stale',
    };
  }
  return { ...empty, source: 'fresh', recipeName: bread?.recipeName ?? null, loaves: 1 };
}

/** Write off loaves (docs/screens/waste.md): on sale or stale of a bread, or of a return. */
export function WriteOffDialog(props: {
  shelf: WasteShelf;
  target: WriteOffTarget | null;
  timeZone: string;
  onClose: () => void;
}) {
  const { shelf, target } = props;
  const writeOff = useWriteOff();
  const form = useForm<WriteOffValues>({
    initialValues: initialValues(shelf, null),
    validate: (values) => {
      const errors = validate(toInput(values));
      // The server's limit, checked here too so the message shows before saving.
      const left = loavesLeft(shelf, values);
      if (!errors.loaves && left !== undefined && typedNumber(values.loaves) > left) {
        errors.loaves = loavesOnHandMessage(values.source, left);
      }
      return errors;
    },
  });
  useResetOnOpen(form, target !== null, () => initialValues(shelf, target), [target]);

  const returned = form.values.source === 'returned';
  const bread = shelf.breads.find((entry) => entry.recipeName === form.values.recipeName);
  const left = loavesLeft(shelf, form.values);

  const submit = form.onSubmit((values) =>
    writeOff.mutate(
      toInput(values),
      saveHandlers(form, {
        success: (record) => ({
          title: 'Loaves Written Off',
          message: `${countOf(record.loaves, 'loaf')} of ${record.recipeName} (${WASTE_REASON_LABELS[record.reason]}), ${formatNaira(record.cost)}`,
        }),
        failure: 'Failed to write off loaves',
        onDone: props.onClose,
      }),
    ),
  );

  return (
    <Modal opened={target !== null} onClose={props.onClose} title="Write Off Loaves" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {returned ? (
            <Select
              label="Return"
              placeholder="Choose the return"
              data={shelf.returns.map((entry) => ({
                value: entry.id,
                label: `${entry.distributorName ?? 'Unknown Distributor'}: ${entry.recipeName}, ${RETURN_REASON_LABELS[entry.reason]}, ${formatDay(entry.createdAt, props.timeZone)}`,
              }))}
              nothingFoundMessage="No returned loaves to write off"
              {...form.getInputProps('breadReturnId')}
            />
          ) : (
            <>
              <Select
                label="Bread Type"
                placeholder="Choose a bread type"
                data={shelf.breads.map((entry) => entry.recipeName)}
                nothingFoundMessage="No loaves on the shelf"
                {...form.getInputProps('recipeName')}
              />
              <Radio.Group label="Which loaves" {...form.getInputProps('source')}>
                <Group gap="lg" mt={6}>
                  {(['stale', 'fresh'] as const).map((source) => (
                    <Radio
                      key={source}
                      value={source}
                      color="orange"
                      label={`${WASTE_SOURCE_LABELS[source]} (${(source === 'fresh' ? bread?.onSale : bread?.stale) ?? 0})`}
                    />
                  ))}
                </Group>
              </Radio.Group>
            </>
          )}
          <NumberField
            label="Loaves"
            description={left === undefined ? undefined : `At most ${left.toLocaleString('en-NG')}`}
            min={0}
            {...form.getInputProps('loaves')}
          />
          <Select
            label="Reason"
            placeholder="Choose a reason"
            data={WASTE_REASONS.map((value) => ({ value, label: WASTE_REASON_LABELS[value] }))}
            {...form.getInputProps('reason')}
          />
          <Textarea
            label="Notes (Optional)"
            autosize
            minRows={2}
            {...form.getInputProps('notes')}
          />
          <FormActions submitLabel="Write Off" busy={writeOff.isPending} onCancel={props.onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
