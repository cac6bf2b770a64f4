import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, RegisterInput } from '../../domain/auth-schemas';
import { ApiError, call } from '../api/http';
import { forgetSignedInUser, OWNS_CACHE, SIGNED_IN_USER } from '../api/query-client';

/**
 * The auth routes' contracts, loaded after the first page is drawn: they bring
 * zod and the forms' schemas, which the landing page's first paint does without
 * (docs/decisions.md, "Web bundle budgets").
 */
const authRoutes = () => import('../../domain/contracts/auth').then((module) => module.authApi);

export const authKeys = {
  user: SIGNED_IN_USER,
  appInfo: ['/api/app-info'] as const,
};

/** The signed-in user, or null when the server answers 401. */
export function useCurrentUser() {
  return useQuery({
    queryKey: authKeys.user,
    queryFn: async () => {
      try {
        return await call((await authRoutes()).user);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
  });
}

export function useAppInfo() {
  return useQuery({
    queryKey: authKeys.appInfo,
    queryFn: async () => call((await authRoutes()).appInfo),
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...OWNS_CACHE, 'login'],
    mutationFn: async (input: LoginInput) => call((await authRoutes()).login, { body: input }),
    onSuccess: (user) => queryClient.setQueryData(authKeys.user, user),
  });
}

/** A first account changes the app info (no first admin needed any more), like any write. */
export function useRegister() {
  return useMutation({
    mutationFn: async (input: RegisterInput) =>
      call((await authRoutes()).register, { body: input }),
  });
}

/** Signing out forgets every cached answer: the next user must not see the last one's data. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...OWNS_CACHE, 'logout'],
    mutationFn: async () => call((await authRoutes()).logout),
    onSuccess: () => forgetSignedInUser(queryClient),
  });
}
