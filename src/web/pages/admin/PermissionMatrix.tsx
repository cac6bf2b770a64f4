import { Button, Checkbox, Group, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ModuleInfo, RoleWithPermissions } from '../../../domain/contracts/admin';
import type { ModuleKey } from '../../../domain/modules';
import type { ModulePermission } from '../../../domain/permissions';
import { errorText } from '../../api/http';
import { notifyError, notifySuccess } from '../../api/notify';
import { useSaveRolePermissions } from './queries';

type Flag = 'canRead' | 'canWrite' | 'canDelete';
const COLUMNS: { flag: Flag; label: string }[] = [
  { flag: 'canRead', label: 'Read' },
  { flag: 'canWrite', label: 'Write' },
  { flag: 'canDelete', label: 'Delete' },
];

function matrixOf(role: RoleWithPermissions, modules: ModuleInfo[]): ModulePermission[] {
  return modules.map(({ module }) => {
    const granted = role.permissions.find((p) => p.module === module);
    return { module, canRead: false, canWrite: false, canDelete: false, ...granted };
  });
}

/** Read, write and delete per module for one role, saved together. */
export function PermissionMatrix({
  role,
  modules,
}: {
  role: RoleWithPermissions;
  modules: ModuleInfo[];
}) {
  const save = useSaveRolePermissions();
  const [matrix, setMatrix] = useState(() => matrixOf(role, modules));
  useEffect(() => setMatrix(matrixOf(role, modules)), [role, modules]);
  const changed = JSON.stringify(matrix) !== JSON.stringify(matrixOf(role, modules));

  const toggle = (module: ModuleKey, flag: Flag, value: boolean) =>
    setMatrix((rows) =>
      rows.map((row) => (row.module === module ? { ...row, [flag]: value } : row)),
    );

  const submit = () =>
    save.mutate(
      { id: role.id, input: { permissions: matrix } },
      {
        onSuccess: () => notifySuccess('Success', `Permissions for ${role.name} saved`),
        onError: (error) => notifyError('Error', errorText(error, 'Failed to save permissions')),
      },
    );

  return (
    <>
      <Table verticalSpacing={6} striped aria-label={`Permissions of ${role.name}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Module</Table.Th>
            {COLUMNS.map((column) => (
              <Table.Th key={column.flag} ta="center" w={72}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {modules.map((info) => {
            const row = matrix.find((r) => r.module === info.module);
            return (
              <Table.Tr key={info.module}>
                <Table.Td>
                  <Text fz="sm">{info.displayName}</Text>
                </Table.Td>
                {COLUMNS.map((column) => (
                  <Table.Td key={column.flag}>
                    <Checkbox
                      mx="auto"
                      w="fit-content"
                      color="orange"
                      aria-label={`${column.label} ${info.displayName}`}
                      checked={row?.[column.flag] ?? false}
                      onChange={(event) =>
                        toggle(info.module, column.flag, event.currentTarget.checked)
                      }
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end" mt="sm" gap="sm">
        {changed && (
          <Text fz="sm" c="dimmed">
            Unsaved changes
          </Text>
        )}
        <Button
          variant="light"
          color="orange"
          disabled={!changed}
          loading={save.isPending}
          onClick={submit}
        >
          Save Permissions
        </Button>
      </Group>
    </>
  );
}
