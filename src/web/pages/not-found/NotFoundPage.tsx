import { Card, Center, Group, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

export function NotFoundPage() {
  return (
    <Center mih="60vh">
      <Card withBorder radius="lg" p="xl" maw={480} w="100%">
        <Group gap="sm" mb="sm" wrap="nowrap">
          <IconAlertCircle size={32} color="var(--mantine-color-red-6)" aria-hidden />
          <Title order={1} fz={24}>
            404 Page Not Found
          </Title>
        </Group>
        <Text c="dimmed">Did you forget to add the page to the router?</Text>
      </Card>
    </Center>
  );
}
