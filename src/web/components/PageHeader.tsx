import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageHeader(props: { title: string; subtitle: string; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" mb="lg" wrap="wrap" gap="sm">
      <Stack gap={2}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {props.title}
        </Title>
        <Text c="dimmed">{props.subtitle}</Text>
      </Stack>
      {props.actions}
    </Group>
  );
}
