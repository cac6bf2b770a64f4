import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { AppSettings } from '../../../domain/settings-schemas';
import { ApiError, errorText } from '../../api/http';
import { notifyError, notifySuccess } from '../../api/notify';
import { NumberField, typedNumber } from '../../components/NumberField';
import { useSaveSettings } from './queries';

/** The bake plan's extra margin (%) and the mixer's capacity (kg of flour per mix). */
export function BakePlanSettingsForm({ settings }: { settings: AppSettings }) {
  const save = useSaveSettings();
  const [margin, setMargin] = useState<number | string>(settings.planMarginPercent);
  const [capacity, setCapacity] = useState<number | string>(settings.mixerCapacityKg);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        allowSelfRegistration: settings.allowSelfRegistration,
        planMarginPercent: typedNumber(margin),
        mixerCapacityKg: typedNumber(capacity),
      },
      {
        onSuccess: () => {
          setErrors({});
          notifySuccess('Success', 'Bake plan settings saved');
        },
        onError: (failure) => {
          const fields = failure instanceof ApiError ? failure.fieldErrors : [];
          setErrors(Object.fromEntries(fields.map((field) => [field.path, field.message])));
          notifyError('Error', errorText(failure, 'Failed to save settings'));
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            Bake plan
          </Title>
          <Text c="dimmed" fz="sm">
            The plan bakes the loaves ordered plus this margin, and splits each bread's flour into
            mixes the mixer can take.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw={620}>
          <NumberField
            label="Extra margin (%)"
            value={margin}
            error={errors.planMarginPercent}
            onChange={setMargin}
          />
          <NumberField
            label="Mixer capacity (kg of flour per mix)"
            value={capacity}
            error={errors.mixerCapacityKg}
            onChange={setCapacity}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" color="orange" loading={save.isPending}>
            Save bake plan settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
