import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { ModuleInfo, RoleWithPermissions } from '../../../domain/contracts/admin';
import { errorText } from '../../api/http';
import { notifyError, notifySuccess } from '../../api/notify';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadingLine } from '../../components/LoadingLine';
import { AddButton } from '../../components/PageActions';
import { PermissionMatrix } from './PermissionMatrix';
import { useDeleteRole, useModules, useRoles } from './queries';
import { RoleDialog } from './RoleDialog';

export function RolesPanel() {
  const roles = useRoles();
  const modules = useModules();
  const deleteRole = useDeleteRole();
  const [dialog, setDialog] = useState<{ opened: boolean; role: RoleWithPermissions | null }>({
    opened: false,
    role: null,
  });
  const [deleting, setDeleting] = useState<RoleWithPermissions | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    deleteRole.mutate(deleting.id, {
      onSuccess: () => notifySuccess('Success', 'Role deleted successfully'),
      onError: (error) => notifyError('Error', errorText(error, 'Failed to delete role')),
      onSettled: () => setDeleting(null),
    });
  };

  const loading = roles.isPending || modules.isPending;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" fz="sm" maw={560}>
          A user's rights on a module are those of their active roles. Read shows a module, write
          lets them add and change records, delete lets them remove or archive them.
        </Text>
        <AddButton label="New Role" onClick={() => setDialog({ opened: true, role: null })} />
      </Group>
      {loading ? (
        <LoadingLine label="Loading roles..." />
      ) : roles.isError || modules.isError ? (
        <Text c="red">Failed to load roles</Text>
      ) : roles.data.length === 0 ? (
        <Card withBorder radius="lg" p="xl">
          <Text c="dimmed" ta="center">
            No roles yet. Create a role to give staff access to modules.
          </Text>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          {roles.data.map((role) => (
            <RoleCard
              key={role.id}
              role={role}
              modules={modules.data}
              onEdit={() => setDialog({ opened: true, role })}
              onDelete={() => setDeleting(role)}
            />
          ))}
        </SimpleGrid>
      )}
      <RoleDialog
        opened={dialog.opened}
        role={dialog.role}
        onClose={() => setDialog({ opened: false, role: null })}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete role"
        message={`Are you sure you want to delete the role "${deleting?.name ?? ''}"? Its users lose the permissions it gave them.`}
        confirmLabel="Delete"
        busy={deleteRole.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

/** One role: its name and state, its description and users, and its rights per module. */
function RoleCard({
  role,
  modules,
  onEdit,
  onDelete,
}: {
  role: RoleWithPermissions;
  modules: ModuleInfo[];
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Card withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} data-testid="role-card">
      <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
        <Group gap="xs">
          <Text fw={700} fz="lg">
            {role.name}
          </Text>
          <Badge variant="light" tt="none" color={role.isActive ? 'green' : 'gray'}>
            {role.isActive ? 'Active' : 'Inactive'}
          </Badge>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconPencil size={16} aria-hidden />}
            aria-label={`Edit role ${role.name}`}
            onClick={onEdit}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            aria-label={`Delete role ${role.name}`}
            onClick={onDelete}
          >
            Delete
          </Button>
        </Group>
      </Group>
      <Text c="dimmed" fz="sm" mb="xs">
        {role.description || 'No description'} · {role.userCount}{' '}
        {role.userCount === 1 ? 'user' : 'users'}
      </Text>
      <PermissionMatrix role={role} modules={modules} />
    </Card>
  );
}
