import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { AppSettings } from '../../../domain/settings-schemas';
import { errorText } from '../../api/http';
import { notifyError, notifySuccess } from '../../api/notify';
import { useSaveSettings } from './queries';

/** When a day's orders close: this time on the day before, on the bakery's clock. */
export function OrderCutoffForm({ settings }: { settings: AppSettings }) {
  const save = useSaveSettings();
  const [cutoff, setCutoff] = useState(settings.orderCutoff);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(
      { allowSelfRegistration: settings.allowSelfRegistration, orderCutoff: cutoff },
      {
        onSuccess: () => {
          setError(null);
          notifySuccess('Success', `Orders now close at ${cutoff} on the day before`);
        },
        onError: (failure) => {
          setError(errorText(failure, 'Failed to save settings'));
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
            Orders
          </Title>
          <Text c="dimmed" fz="sm">
            A day's orders close at this time on the day before; after it only managers (Sales
            delete right) can change them.
          </Text>
        </div>
        <TextInput
          label="Order cut-off (HH:MM)"
          value={cutoff}
          error={error}
          onChange={(event) => setCutoff(event.currentTarget.value)}
          w={200}
        />
        <Group justify="flex-end">
          <Button type="submit" color="orange" loading={save.isPending}>
            Save cut-off
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
