import { Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { BookLine } from '../../../domain/contracts/orders';
import { errorText } from '../../api/http';
import { notifyError, notifySuccess } from '../../api/notify';
import { FormActions } from '../../components/FormActions';
import { formatCalendarDate } from '../../components/format';
import { NumberField, typedNumber } from '../../components/NumberField';
import { useSetDay } from './queries';

/** One distributor's loaves for one day: each bread's field starts at what is ordered now. */
export function DayOrderDialog({
  day,
  line,
  onClose,
}: {
  day: string;
  line: BookLine | null;
  onClose: () => void;
}) {
  const save = useSetDay();
  const [loaves, setLoaves] = useState<Record<string, number>>({});
  useEffect(() => {
    if (line) setLoaves(Object.fromEntries(line.breads.map((b) => [b.recipeName, b.ordered])));
  }, [line]);
  if (!line) return null;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const breads = line.breads.map((b) => ({
      recipeName: b.recipeName,
      loaves: loaves[b.recipeName] ?? b.ordered,
    }));
    save.mutate(
      { id: line.distributorId, input: { day, breads } },
      {
        onSuccess: () => {
          notifySuccess('Success', `${line.name}'s order for ${formatCalendarDate(day)} saved`);
          onClose();
        },
        onError: (error) => notifyError('Error', errorText(error, 'Failed to save the order')),
      },
    );
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={`${line.name}: ${formatCalendarDate(day)}`}
      centered
      size="md"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">
            Loaves for this day only; the standing order is unchanged.
            {line.paused ? ' A pause covers this day.' : ''}
          </Text>
          {line.breads.map((bread) => (
            <NumberField
              key={bread.recipeName}
              label={bread.recipeName}
              description={`Standing order: ${bread.standing}`}
              value={loaves[bread.recipeName] ?? bread.ordered}
              onChange={(value) =>
                setLoaves((old) => ({ ...old, [bread.recipeName]: typedNumber(value) }))
              }
            />
          ))}
          <FormActions onCancel={onClose} submitLabel="Save order" busy={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
