import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, RegisterInput } from '../../domain/auth-schemas';
import type { CurrentUser } from '../../domain/user';
import { ApiError, apiGet, apiRequest } from '../api/http';
import { OWNS_CACHE } from '../api/query-client';

export const authKeys = {
  user: ['/api/auth/user'] as const,
  appInfo: ['/api/app-info'] as const,
};

export interface AppInfo {
  timeZone: string;
  needsFirstAdmin: boolean;
  /** False when an administrator has closed self-registration (never before the first account). */
  registrationOpen: boolean;
}

/** The signed-in user, or null when the server answers 401. */
export function useCurrentUser() {
  return useQuery({
    queryKey: authKeys.user,
    queryFn: async () => {
      try {
        return await apiGet<CurrentUser>('/api/auth/user');
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
  });
}

export function useAppInfo() {
  return useQuery({ queryKey: authKeys.appInfo, queryFn: () => apiGet<AppInfo>('/api/app-info') });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...OWNS_CACHE, 'login'],
    mutationFn: (input: LoginInput) => apiRequest<CurrentUser>('POST', '/api/auth/login', input),
    onSuccess: (user) => queryClient.setQueryData(authKeys.user, user),
  });
}

/** A first account changes the app info (no first admin needed any more), like any write. */
export function useRegister() {
  return useMutation({
    mutationFn: (input: RegisterInput) =>
      apiRequest<{ message: string }>('POST', '/api/auth/register', input),
  });
}

/** Signing out forgets every cached answer: the next user must not see the last one's data. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...OWNS_CACHE, 'logout'],
    mutationFn: () => apiRequest<{ message: string }>('POST', '/api/auth/logout'),
    onSuccess: () => {
      // The user query stays (now null) so the app, which watches it, shows the landing page.
      queryClient.setQueryData(authKeys.user, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.user[0] });
    },
  });
}
