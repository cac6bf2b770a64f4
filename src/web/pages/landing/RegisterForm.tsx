import { Button, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { RegisterInput } from '../../../domain/auth-schemas';
import { errorText } from '../../api/http';
import { notifyError, notifySuccess } from '../../api/notify';
import { useRegister } from '../../auth/queries';
import { showServerErrors } from '../../components/form-errors';
import { validateRegistration, whenSchemasLoaded } from './auth-validation';

const EMPTY: RegisterInput = { firstName: '', lastName: '', email: '', username: '', password: '' };

export function RegisterForm({ onRegistered }: { onRegistered: (username: string) => void }) {
  const register = useRegister();
  const form = useForm<RegisterInput>({
    initialValues: EMPTY,
    validate: validateRegistration,
  });

  const submit = form.onSubmit((values) =>
    register.mutate(values, {
      onSuccess: () => {
        notifySuccess('Registration successful', 'Account created! Please log in.');
        form.reset();
        onRegistered(values.username.trim());
      },
      onError: (error) => {
        showServerErrors(form, error);
        notifyError('Registration failed', errorText(error, 'Failed to create account'));
      },
    }),
  );

  return (
    <form onSubmit={whenSchemasLoaded(submit)} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="First Name"
            placeholder="Ada"
            autoComplete="given-name"
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label="Last Name"
            placeholder="Okafor"
            autoComplete="family-name"
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          placeholder="you@example.com"
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <TextInput
          label="Username"
          placeholder="Choose a username"
          autoComplete="username"
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label="Password"
          placeholder="At least 8 characters"
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
        <Button type="submit" color="orange" size="md" disabled={register.isPending} fullWidth>
          {register.isPending ? 'Creating account...' : 'Create Account'}
        </Button>
      </Stack>
    </form>
  );
}
