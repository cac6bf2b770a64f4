import { Badge, Box, Card, Group, Table, Text } from '@mantine/core';
import { IconCheck, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { AdminUser } from '../../../domain/contracts/admin';
import { errorText } from '../../api/http';
import { notifyError, notifySuccess } from '../../api/notify';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { IconAction } from '../../components/IconAction';
import { LoadingLine } from '../../components/LoadingLine';
import { AddButton } from '../../components/PageActions';
import { useDeleteUser, useUsers } from './queries';
import { UserCards } from './UserCards';
import { UserDialog } from './UserDialog';

function fullName(user: AdminUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || '—';
}

export function UsersPanel() {
  const users = useUsers();
  const deleteUser = useDeleteUser();
  const [dialog, setDialog] = useState<{ opened: boolean; user: AdminUser | null }>({
    opened: false,
    user: null,
  });
  const [deleting, setDeleting] = useState<AdminUser | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    deleteUser.mutate(deleting.id, {
      onSuccess: (result) => {
        notifySuccess('Success', result.message);
        setDeleting(null);
      },
      onError: (error) => {
        notifyError('Error', errorText(error, 'Failed to delete user'));
        setDeleting(null);
      },
    });
  };

  return (
    <Card withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <Group justify="space-between" mb="md">
        <Text fw={600} fz="lg">
          Users
        </Text>
        <AddButton label="Add User" onClick={() => setDialog({ opened: true, user: null })} />
      </Group>
      {users.isPending ? (
        <LoadingLine label="Loading users..." />
      ) : users.isError ? (
        <Text c="red" p="md">
          Failed to load users
        </Text>
      ) : (
        <>
          <Box hiddenFrom="sm">
            <UserCards
              users={users.data}
              onEdit={(user) => setDialog({ opened: true, user })}
              onDelete={setDeleting}
            />
          </Box>
          <Table.ScrollContainer minWidth={720} visibleFrom="sm">
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Username</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th ta="center">Admin</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.data.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td fw={600}>{user.username}</Table.Td>
                    <Table.Td>{user.email}</Table.Td>
                    <Table.Td>{fullName(user)}</Table.Td>
                    <Table.Td>
                      {user.roleName ?? (
                        <Text c="dimmed" fz="sm">
                          No role
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="center">
                      {user.isAdmin ? (
                        <IconCheck
                          size={18}
                          color="var(--mantine-color-green-7)"
                          aria-label="Admin"
                        />
                      ) : (
                        <IconX
                          size={18}
                          color="var(--mantine-color-gray-5)"
                          aria-label="Not admin"
                        />
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" tt="none" color={user.isActive ? 'green' : 'gray'}>
                        {user.isActive ? 'Active' : 'Inactive'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <IconAction
                          tooltip="Edit user"
                          label={`Edit ${user.username}`}
                          icon={IconPencil}
                          onClick={() => setDialog({ opened: true, user })}
                        />
                        <IconAction
                          tooltip="Delete user"
                          label={`Delete ${user.username}`}
                          icon={IconTrash}
                          colour="red"
                          onClick={() => setDeleting(user)}
                        />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      <UserDialog
        opened={dialog.opened}
        user={dialog.user}
        onClose={() => setDialog({ opened: false, user: null })}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete user"
        message="Are you sure you want to delete this user?"
        confirmLabel="Delete"
        busy={deleteUser.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
