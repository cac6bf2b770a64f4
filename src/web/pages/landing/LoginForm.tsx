import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useLocation } from 'wouter';
import type { LoginInput } from '../../../domain/auth-schemas';
import { errorText } from '../../api/http';
import { notifyError, notifySuccess } from '../../api/notify';
import { useLogin } from '../../auth/queries';
import { showServerErrors } from '../../components/form-errors';
import { validateLogin, whenSchemasLoaded } from './auth-validation';

export function LoginForm({ initialUsername = '' }: { initialUsername?: string }) {
  const [, navigate] = useLocation();
  const login = useLogin();
  const form = useForm<LoginInput>({
    initialValues: { username: initialUsername, password: '' },
    validate: validateLogin,
  });

  const submit = form.onSubmit((values) =>
    login.mutate(values, {
      onSuccess: () => {
        notifySuccess('Login successful', 'Welcome back!');
        navigate('/');
      },
      onError: (error) => {
        showServerErrors(form, error);
        notifyError('Login failed', errorText(error, 'Invalid username or password'));
      },
    }),
  );

  return (
    <form onSubmit={whenSchemasLoaded(submit)} noValidate>
      <Stack gap="md">
        <TextInput
          label="Username"
          placeholder="Enter your username"
          autoComplete="username"
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label="Password"
          placeholder="Enter your password"
          autoComplete="current-password"
          {...form.getInputProps('password')}
        />
        <Button type="submit" color="orange" size="md" disabled={login.isPending} fullWidth>
          {login.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </Stack>
    </form>
  );
}
