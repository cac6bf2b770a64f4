import { Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { AppSettings } from '../../../domain/settings-schemas';
import { errorText } from '../../api/http';
import { notifyError, notifySuccess } from '../../api/notify';
import { useSaveSettings } from './queries';

/** Whether transfers, which can be faked with a doctored alert, count only once a manager checks them. */
export function ConfirmTransfersSwitch({ settings }: { settings: AppSettings }) {
  const save = useSaveSettings();
  // As the registration switch: what was asked for shows until the answer is in.
  const [asked, setAsked] = useState<boolean | null>(null);
  const toggle = (confirm: boolean) => {
    setAsked(confirm);
    save.mutate(
      { allowSelfRegistration: settings.allowSelfRegistration, confirmTransfers: confirm },
      {
        onSettled: () => setAsked(null),
        onSuccess: () =>
          notifySuccess(
            'Success',
            confirm
              ? 'Transfers now wait for a manager to confirm them'
              : 'Transfers now count as soon as they are recorded',
          ),
        onError: (error) => notifyError('Error', errorText(error, 'Failed to save settings')),
      },
    );
  };
  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="lg">
          Payments
        </Title>
        <Text c="dimmed" fz="sm">
          How a payment that is not cash reaches a distributor's balance.
        </Text>
      </div>
      <Switch
        color="orange"
        size="md"
        label="Bank transfers and mobile money wait for a manager's confirmation"
        description="When on, a bank transfer or mobile money payment is recorded as pending and counts in the balance only once a user with Distributors delete confirms it has arrived; a rejected one never counts. Cash always counts at once."
        checked={asked ?? settings.confirmTransfers}
        disabled={save.isPending}
        onChange={(event) => toggle(event.currentTarget.checked)}
      />
    </Stack>
  );
}
