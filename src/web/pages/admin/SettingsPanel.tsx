import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../api/http';
import { notifyError, notifySuccess } from '../../api/notify';
import { LoadingLine } from '../../components/LoadingLine';
import { BakePlanSettingsForm } from './BakePlanSettingsForm';
import { ConfirmTransfersSwitch } from './ConfirmTransfersSwitch';
import { LetterheadForm } from './LetterheadForm';
import { MessageTemplatesForm } from './MessageTemplatesForm';
import { OrderCutoffForm } from './OrderCutoffForm';
import { useSaveSettings, useSettings } from './queries';
import { ReturnsRateForm } from './ReturnsRateForm';

export function SettingsPanel() {
  const settings = useSettings();
  const save = useSaveSettings();
  // What was asked for, shown from the click until the answer is in: set in the
  // change handler itself, so the switch never flips back for a moment (the
  // mutation's own pending state arrives a tick later).
  const [asked, setAsked] = useState<boolean | null>(null);
  if (settings.isPending) return <LoadingLine label="Loading settings..." />;
  if (settings.isError) return <Text c="red">Failed to load settings</Text>;

  const allowSelfRegistration = asked ?? settings.data.allowSelfRegistration;
  const toggle = (allow: boolean) => {
    setAsked(allow);
    save.mutate(
      { allowSelfRegistration: allow },
      {
        onSettled: () => setAsked(null),
        onSuccess: () =>
          notifySuccess(
            'Success',
            allow ? 'Self-registration is now open' : 'Self-registration is now closed',
          ),
        onError: (error) => notifyError('Error', errorText(error, 'Failed to save settings')),
      },
    );
  };

  return (
    <Stack gap="md" maw={720}>
      <Card withBorder radius="lg" p="lg">
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg">
              Accounts
            </Title>
            <Text c="dimmed" fz="sm">
              Who may create an account from the sign-in page.
            </Text>
          </div>
          <Switch
            color="orange"
            size="md"
            label="Allow self-registration"
            description="When on, anyone who opens the sign-in page can register an account with no role. When off, the Register tab says registration is closed and only administrators add users here. The very first account can always be registered."
            checked={allowSelfRegistration}
            disabled={save.isPending}
            onChange={(event) => toggle(event.currentTarget.checked)}
          />
        </Stack>
      </Card>
      <Card withBorder radius="lg" p="lg">
        <LetterheadForm settings={settings.data} />
      </Card>
      <Card withBorder radius="lg" p="lg">
        <OrderCutoffForm settings={settings.data} />
      </Card>
      <Card withBorder radius="lg" p="lg">
        <BakePlanSettingsForm settings={settings.data} />
      </Card>
      <Card withBorder radius="lg" p="lg">
        <ReturnsRateForm settings={settings.data} />
      </Card>
      <Card withBorder radius="lg" p="lg">
        <ConfirmTransfersSwitch settings={settings.data} />
      </Card>
      <Card withBorder radius="lg" p="lg">
        <MessageTemplatesForm settings={settings.data} />
      </Card>
    </Stack>
  );
}
