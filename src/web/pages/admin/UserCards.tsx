import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { AdminUser } from '../../../domain/contracts/admin';

/** The users list as cards, for phones, where a seven-column table does not fit. */
export function UserCards(props: {
  users: AdminUser[];
  onEdit: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}) {
  return (
    <Stack gap="sm">
      {props.users.map((user) => (
        <Card key={user.id} withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text fw={700}>{user.username}</Text>
              <Text fz="sm" c="dimmed">
                {user.email}
              </Text>
              <Text fz="sm">
                {[user.firstName, user.lastName].filter(Boolean).join(' ') || '—'}
              </Text>
            </div>
            <Stack gap={4} align="flex-end">
              {user.isAdmin && (
                <Badge variant="light" tt="none" color="orange">
                  Admin
                </Badge>
              )}
              <Badge variant="light" tt="none" color={user.isActive ? 'green' : 'gray'}>
                {user.isActive ? 'Active' : 'Inactive'}
              </Badge>
            </Stack>
          </Group>
          <Text fz="sm" c="dimmed" mt={4}>
            Role: {user.roleName ?? 'No role'}
          </Text>
          <Group gap="xs" mt="xs" justify="flex-end">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={() => props.onEdit(user)}
            >
              Edit
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => props.onDelete(user)}
            >
              Delete
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
