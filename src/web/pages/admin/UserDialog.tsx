import {
  Checkbox,
  Group,
  Modal,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  type AdminUserUpdateInput,
  adminUserCreateSchema,
  adminUserUpdateSchema,
} from '../../../domain/admin-schemas';
import type { AdminUser } from '../../../domain/contracts/admin';
import { FormActions } from '../../components/FormActions';
import { saveHandlers } from '../../components/form-errors';
import { useResetOnOpen } from '../../components/use-reset-on-open';
import { useCreateUser, useRoles, useUpdateUser } from './queries';

interface UserFormValues {
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  isActive: boolean;
  roleId: string | null;
}

const EMPTY: UserFormValues = {
  username: '',
  email: '',
  password: '',
  firstName: '',
  lastName: '',
  isAdmin: false,
  isActive: true,
  roleId: null,
};

const validateCreate = schemaResolver(adminUserCreateSchema, { sync: true });
const validateUpdate = schemaResolver(adminUserUpdateSchema, { sync: true });

/** On edit a blank password means "keep the current one": it is not sent at all. */
function updatePayload(values: UserFormValues): AdminUserUpdateInput {
  const { password, ...rest } = values;
  return password ? { ...rest, password } : rest;
}

/** Add New User / Edit User (docs/screens/admin.md). `user` null means create. */
export function UserDialog(props: {
  opened: boolean;
  user: AdminUser | null;
  onClose: () => void;
}) {
  const { user } = props;
  const editing = user !== null;
  const roles = useRoles();
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const busy = createUser.isPending || updateUser.isPending;

  const form = useForm<UserFormValues>({
    initialValues: EMPTY,
    validate: (values) =>
      editing ? validateUpdate(updatePayload(values)) : validateCreate(values),
  });

  useResetOnOpen(
    form,
    props.opened,
    () =>
      user
        ? {
            username: user.username,
            email: user.email,
            password: '',
            firstName: user.firstName ?? '',
            lastName: user.lastName ?? '',
            isAdmin: user.isAdmin,
            isActive: user.isActive,
            roleId: user.roleId,
          }
        : EMPTY,
    [user],
  );

  const handlers = (message: string, failure: string) =>
    saveHandlers(form, {
      success: () => ({ title: 'Success', message }),
      failure,
      // docs/screens/admin.md: after create or update the dialog closes and the form resets.
      onDone: () => {
        form.reset();
        props.onClose();
      },
    });

  const submit = form.onSubmit((values) => {
    if (user) {
      updateUser.mutate(
        { id: user.id, input: updatePayload(values) },
        handlers('User updated successfully', 'Failed to update user'),
      );
    } else {
      createUser.mutate(values, handlers('User created successfully', 'Failed to create user'));
    }
  });

  const roleOptions = [
    { value: '', label: 'No role' },
    ...(roles.data ?? []).map((role) => ({
      value: role.id,
      label: role.isActive ? role.name : `${role.name} (inactive)`,
    })),
  ];

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={editing ? 'Edit User' : 'Add New User'}
      centered
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label="Username" autoComplete="off" {...form.getInputProps('username')} />
            <TextInput
              label="Email"
              type="email"
              autoComplete="off"
              {...form.getInputProps('email')}
            />
          </SimpleGrid>
          <PasswordInput
            label={editing ? 'New Password (leave blank to keep current)' : 'Password'}
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label="First Name" autoComplete="off" {...form.getInputProps('firstName')} />
            <TextInput label="Last Name" autoComplete="off" {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <Select
            label="Assign Role (Optional)"
            data={roleOptions}
            value={form.values.roleId ?? ''}
            onChange={(value) => form.setFieldValue('roleId', value || null)}
            error={form.errors.roleId}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Group gap="xl">
            <Checkbox label="Admin User" {...form.getInputProps('isAdmin', { type: 'checkbox' })} />
            <Checkbox label="Active" {...form.getInputProps('isActive', { type: 'checkbox' })} />
          </Group>
          <FormActions
            submitLabel={editing ? 'Update User' : 'Create User'}
            busy={busy}
            onCancel={props.onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
