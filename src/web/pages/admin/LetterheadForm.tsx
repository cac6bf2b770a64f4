import { Button, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  type AppSettings,
  appSettingsSchema,
  type Letterhead,
} from '../../../domain/settings-schemas';
import { saveHandlers } from '../../components/form-errors';
import { useSaveSettings } from './queries';

const validate = schemaResolver(appSettingsSchema, { sync: true });

/** The bakery's name, address and phone, printed at the head of every document. */
export function LetterheadForm({ settings }: { settings: AppSettings }) {
  const save = useSaveSettings();
  const form = useForm<Letterhead>({
    initialValues: {
      bakeryName: settings.bakeryName,
      bakeryAddress: settings.bakeryAddress,
      bakeryPhone: settings.bakeryPhone,
    },
    // All three are required here, though the call may leave them out.
    validate: (values) =>
      validate({ allowSelfRegistration: settings.allowSelfRegistration, ...values }),
  });

  const submit = form.onSubmit((values) =>
    save.mutate(
      { allowSelfRegistration: settings.allowSelfRegistration, ...values },
      saveHandlers(form, {
        success: () => ({ title: 'Success', message: 'Letterhead saved' }),
        failure: 'Failed to save settings',
        onDone: () => form.resetDirty(),
      }),
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            Letterhead
          </Title>
          <Text c="dimmed" fz="sm">
            Printed at the top of every document, such as a distributor's statement.
          </Text>
        </div>
        <TextInput label="Bakery name" {...form.getInputProps('bakeryName')} />
        <Textarea
          label="Bakery address"
          autosize
          minRows={2}
          {...form.getInputProps('bakeryAddress')}
        />
        <TextInput label="Bakery phone" {...form.getInputProps('bakeryPhone')} />
        <Group justify="flex-end">
          <Button type="submit" color="orange" loading={save.isPending}>
            Save letterhead
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
