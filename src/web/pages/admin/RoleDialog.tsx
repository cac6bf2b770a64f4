import { Checkbox, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type RoleInput, roleSchema } from '../../../domain/admin-schemas';
import type { RoleWithPermissions } from '../../../domain/contracts/admin';
import { FormActions } from '../../components/FormActions';
import { saveHandlers } from '../../components/form-errors';
import { useResetOnOpen } from '../../components/use-reset-on-open';
import { useCreateRole, useUpdateRole } from './queries';

type RoleFormValues = Required<RoleInput>;
const EMPTY: RoleFormValues = { name: '', description: '', isActive: true };

/** New Role / Edit Role: name, description and whether it is active. */
export function RoleDialog(props: {
  opened: boolean;
  role: RoleWithPermissions | null;
  onClose: () => void;
}) {
  const { role } = props;
  const createRole = useCreateRole();
  const updateRole = useUpdateRole();
  const busy = createRole.isPending || updateRole.isPending;
  const form = useForm<RoleFormValues>({
    initialValues: EMPTY,
    validate: schemaResolver(roleSchema, { sync: true }),
  });

  useResetOnOpen(
    form,
    props.opened,
    () =>
      role
        ? { name: role.name, description: role.description ?? '', isActive: role.isActive }
        : EMPTY,
    [role],
  );

  const handlers = (message: string, failure: string) =>
    saveHandlers(form, {
      success: () => ({ title: 'Success', message }),
      failure,
      onDone: props.onClose,
    });

  const submit = form.onSubmit((values) => {
    if (role)
      updateRole.mutate(
        { id: role.id, input: values },
        handlers('Role updated successfully', 'Failed to update role'),
      );
    else createRole.mutate(values, handlers('Role created successfully', 'Failed to create role'));
  });

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={role ? 'Edit Role' : 'New Role'}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Role Name"
            placeholder="e.g. Night Shift Bakers"
            {...form.getInputProps('name')}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            {...form.getInputProps('description')}
          />
          <Checkbox
            label="Active (users with this role get its permissions)"
            {...form.getInputProps('isActive', { type: 'checkbox' })}
          />
          <FormActions
            submitLabel={role ? 'Update Role' : 'Create Role'}
            busy={busy}
            onCancel={props.onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
