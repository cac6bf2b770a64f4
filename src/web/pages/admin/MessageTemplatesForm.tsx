import { Button, Code, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  DEFAULT_REMINDER_TEMPLATE,
  DEFAULT_STATEMENT_TEMPLATE,
  TEMPLATE_FIELDS,
  type TemplateField,
} from '../../../domain/reminders';
import { type AppSettings, appSettingsSchema } from '../../../domain/settings-schemas';
import { saveHandlers } from '../../components/form-errors';
import { useSaveSettings } from './queries';

const validate = schemaResolver(appSettingsSchema, { sync: true });

const FIELD_MEANINGS: Record<TemplateField, string> = {
  bakery: "the bakery's name (Letterhead)",
  distributor: "the distributor's name",
  balance: 'what it owes in all',
  overdue: 'what is past its due day',
  oldestDue: 'the due day of the oldest debt, like 3 Nov 2026',
  link: 'the statement link, when one is sent',
};

type Templates = Pick<AppSettings, 'reminderTemplate' | 'statementTemplate'>;

const DEFAULTS: Templates = {
  reminderTemplate: DEFAULT_REMINDER_TEMPLATE,
  statementTemplate: DEFAULT_STATEMENT_TEMPLATE,
};

/** The WhatsApp and SMS messages that Send reminder and Send statement prepare on a distributor's card. */
export function MessageTemplatesForm({ settings }: { settings: AppSettings }) {
  const save = useSaveSettings();
  const form = useForm<Templates>({
    initialValues: {
      reminderTemplate: settings.reminderTemplate,
      statementTemplate: settings.statementTemplate,
    },
    validate: (values) =>
      validate({ allowSelfRegistration: settings.allowSelfRegistration, ...values }),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(
      { allowSelfRegistration: settings.allowSelfRegistration, ...values },
      saveHandlers(form, {
        success: () => ({ title: 'Success', message: 'Message templates saved' }),
        failure: 'Failed to save settings',
        onDone: () => form.resetDirty(),
      }),
    ),
  );
  const template = (name: keyof Templates, label: string) => (
    <Stack gap={4}>
      <Textarea label={label} autosize minRows={3} maxRows={10} {...form.getInputProps(name)} />
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text fz="xs" c="dimmed" style={{ minWidth: 0 }}>
          Default: {DEFAULTS[name]}
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          style={{ flexShrink: 0 }}
          disabled={form.values[name] === DEFAULTS[name]}
          onClick={() => form.setFieldValue(name, DEFAULTS[name])}
        >
          Use default
        </Button>
      </Group>
    </Stack>
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            Messages to distributors
          </Title>
          <Text c="dimmed" fz="sm">
            What Send reminder and Send statement on a distributor's card prepare for WhatsApp or
            SMS. Each word in braces is filled in when the message is made:
          </Text>
          <Stack gap={2} mt={6} component="ul" style={{ paddingLeft: 18, marginBottom: 0 }}>
            {TEMPLATE_FIELDS.map((field) => (
              <Text key={field} component="li" fz="sm">
                <Code>{`{${field}}`}</Code> {FIELD_MEANINGS[field]}
              </Text>
            ))}
          </Stack>
        </div>
        {template('reminderTemplate', 'Reminder message')}
        {template('statementTemplate', 'Statement message')}
        <Group justify="flex-end">
          <Button type="submit" color="orange" loading={save.isPending}>
            Save messages
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
