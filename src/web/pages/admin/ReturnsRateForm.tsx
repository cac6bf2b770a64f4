import { Button, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { AppSettings } from '../../../domain/settings-schemas';
import { errorText } from '../../api/http';
import { notifyError, notifySuccess } from '../../api/notify';
import { useSaveSettings } from './queries';

/** The returns rate (Reports) above which a distributor's bread is flagged. */
export function ReturnsRateForm({ settings }: { settings: AppSettings }) {
  const save = useSaveSettings();
  const [threshold, setThreshold] = useState<number | string>(settings.returnsRateThreshold);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const value = typeof threshold === 'number' ? threshold : Number.NaN;
    save.mutate(
      { allowSelfRegistration: settings.allowSelfRegistration, returnsRateThreshold: value },
      {
        onSuccess: () => {
          setError(null);
          notifySuccess('Success', `Returns above ${value}% of the loaves taken are flagged`);
        },
        onError: (failure) => {
          const message = errorText(failure, 'Failed to save settings');
          setError(message);
          notifyError('Error', message);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            Returns rate
          </Title>
          <Text c="dimmed" fz="sm">
            On Reports → Returns rate, a distributor's bread returning more than this share of the
            loaves taken is flagged, so its standing order can be adjusted.
          </Text>
        </div>
        <NumberInput
          label="Returns-rate threshold (%)"
          value={threshold}
          error={error}
          onChange={setThreshold}
          min={0}
          max={100}
          decimalScale={2}
          w={240}
        />
        <Group justify="flex-end">
          <Button type="submit" color="orange" loading={save.isPending}>
            Save threshold
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
