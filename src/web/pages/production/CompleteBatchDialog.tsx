import { Group, Modal, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { ProductionBatch } from '../../../domain/contracts/production';
import { formatNaira, toKobo } from '../../../domain/money';
import { costPerLoaf } from '../../../domain/production';
import { completeBatchFormSchema } from '../../../domain/production-schemas';
import { FormActions } from '../../components/FormActions';
import { saveHandlers } from '../../components/form-errors';
import { formatQuantity } from '../../components/format';
import { NumberField, typedNumber } from '../../components/NumberField';
import { useResetOnOpen } from '../../components/use-reset-on-open';
import { useBatchCost, useUpdateBatch } from './queries';

const validate = schemaResolver(completeBatchFormSchema, { sync: true });

/** Complete Batch: how many loaves came out, with the cost per loaf that implies. */
export function CompleteBatchDialog(props: { batch: ProductionBatch | null; onClose: () => void }) {
  const { batch } = props;
  const cost = useBatchCost(batch?.id ?? null);
  const updateBatch = useUpdateBatch();
  const form = useForm<{ loavesProduced: number | string }>({
    initialValues: { loavesProduced: 1 },
    validate: (values) =>
      validate({
        loavesProduced: typedNumber(values.loavesProduced),
      }),
  });

  useResetOnOpen(form, batch !== null, () => ({ loavesProduced: 1 }), [batch]);

  const loaves = Number(form.values.loavesProduced);
  const perLoaf =
    cost.data && Number.isInteger(loaves) && loaves >= 1
      ? costPerLoaf(toKobo(cost.data.ingredientCost), loaves)
      : null;

  const submit = form.onSubmit((values) => {
    if (!batch) return;
    updateBatch.mutate(
      {
        id: batch.id,
        input: { status: 'completed', loavesProduced: Number(values.loavesProduced) },
      },
      saveHandlers(form, {
        success: () => ({
          title: 'Batch Updated',
          message: 'Production batch status updated to completed',
        }),
        failure: 'Failed to update production batch',
        onDone: props.onClose,
      }),
    );
  });

  return (
    <Modal opened={batch !== null} onClose={props.onClose} title="Complete Batch" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {batch && (
            <Text fz="sm" c="dimmed">
              {batch.recipeName} · {batch.batchNumber} · {formatQuantity(batch.flourKg, 'kg')} flour
            </Text>
          )}
          <NumberField
            label="Loaves Produced"
            min={1}
            step={1}
            hideControls={false}
            data-autofocus
            {...form.getInputProps('loavesProduced')}
          />
          <Group justify="space-between" data-testid="cost-per-loaf">
            <Text fz="sm">Estimated cost per loaf</Text>
            <Text fw={700}>
              {cost.isPending ? 'Calculating...' : perLoaf === null ? '—' : formatNaira(perLoaf)}
            </Text>
          </Group>
          {cost.data && (
            <Text fz="xs" c="dimmed">
              Ingredients at today's unit costs: {formatNaira(cost.data.ingredientCost)}
            </Text>
          )}
          <FormActions
            submitLabel="Complete Batch"
            busy={updateBatch.isPending}
            onCancel={props.onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
