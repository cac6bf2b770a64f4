import { Group, Loader, Text } from '@mantine/core';

/** "Loading …" with a spinner, where a list or panel will appear. */
export function LoadingLine({ label }: { label: string }) {
  return (
    <Group justify="center" p="xl" gap="sm">
      <Loader color="orange" size="sm" />
      <Text c="dimmed">{label}</Text>
    </Group>
  );
}
