import { Card, Center, Group, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

export function NoAccess({ what }: { what: string }) {
  return (
    <Center mih="50vh">
      <Card withBorder radius="lg" p="xl" maw={520} w="100%" role="alert">
        <Group gap="sm" mb="sm" wrap="nowrap">
          <IconLock size={28} color="var(--mantine-color-orange-6)" aria-hidden />
          <Title order={2} fz={20}>
            Not allowed
          </Title>
        </Group>
        <Text c="dimmed">
          You do not have access to {what}. Ask an administrator to give your role access.
        </Text>
      </Card>
    </Center>
  );
}
