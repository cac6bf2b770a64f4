import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBread } from '@tabler/icons-react';

/**
 * The product's name and mark; `compact` drops the subtitle for the phone
 * header, `markOnly` the name too where the header needs the room for the date.
 */
export function BrandMark({
  size = 'md',
  compact = false,
  markOnly = false,
}: {
  size?: 'md' | 'lg';
  compact?: boolean;
  markOnly?: boolean;
}) {
  const large = size === 'lg';
  return (
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon size={compact ? 32 : large ? 52 : 40} radius="md" color="orange" variant="filled">
        <IconBread size={compact ? 20 : large ? 30 : 24} aria-hidden />
      </ThemeIcon>
      {!markOnly && (
        <Stack gap={0}>
          <Text fw={800} fz={large ? 26 : 18} lh={1.1}>
            BakeryPro
          </Text>
          {!compact && (
            <Text c="dimmed" fz={large ? 'sm' : 'xs'}>
              Bakery Management
            </Text>
          )}
        </Stack>
      )}
    </Group>
  );
}
