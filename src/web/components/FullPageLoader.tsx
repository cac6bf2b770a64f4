import { Center, Loader, Stack, Text } from '@mantine/core';

export function FullPageLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center h="100dvh">
      <Stack align="center" gap="sm">
        <Loader color="orange" />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}
