import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type {
  AdminUser,
  AdminUserCreateInput,
  AdminUserUpdateInput,
  RoleInput,
  RolePermissionsInput,
  RoleUpdateInput,
  RoleWithPermissions,
} from '../../../domain/admin-schemas';
import type { AuditEvent, AuditQuery } from '../../../domain/audit';
import type { ModuleKey } from '../../../domain/modules';
import type { AppSettings, AppSettingsInput } from '../../../domain/settings-schemas';
import { apiGet, apiRequest } from '../../api/http';

export const adminKeys = {
  users: ['/api/admin/users'] as const,
  roles: ['/api/admin/roles'] as const,
  modules: ['/api/admin/modules'] as const,
  settings: ['/api/admin/settings'] as const,
  openApi: ['/api/openapi.json'] as const,
  audit: (filters: AuditFilters) => ['/api/admin/audit', filters] as const,
};

/** The Audit Trail's filters, as sent (paging is added per page). */
export type AuditFilters = Omit<AuditQuery, 'limit' | 'offset'>;

const AUDIT_PAGE_SIZE = 50;

/**
 * The audit trail, fifty events at a time, newest first. Every write adds
 * events, so it is read again each time the tab opens.
 */
export const useAuditEvents = (filters: AuditFilters) =>
  useInfiniteQuery({
    queryKey: adminKeys.audit(filters),
    queryFn: ({ pageParam }: { pageParam: number }) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(filters)) {
        if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
      }
      params.set('limit', String(AUDIT_PAGE_SIZE));
      params.set('offset', String(pageParam));
      return apiGet<AuditEvent[]>(`/api/admin/audit?${params}`);
    },
    initialPageParam: 0,
    getNextPageParam: (last: AuditEvent[], pages: AuditEvent[][]) =>
      last.length < AUDIT_PAGE_SIZE ? undefined : pages.length * AUDIT_PAGE_SIZE,
    refetchOnMount: 'always',
  });

export interface ModuleInfo {
  module: ModuleKey;
  displayName: string;
  description: string;
}

export const useUsers = () =>
  useQuery({ queryKey: adminKeys.users, queryFn: () => apiGet<AdminUser[]>('/api/admin/users') });
export const useRoles = () =>
  useQuery({
    queryKey: adminKeys.roles,
    queryFn: () => apiGet<RoleWithPermissions[]>('/api/admin/roles'),
  });
export const useModules = () =>
  useQuery({
    queryKey: adminKeys.modules,
    queryFn: () => apiGet<ModuleInfo[]>('/api/admin/modules'),
  });

export const useCreateUser = () =>
  useMutation({
    mutationFn: (input: AdminUserCreateInput) =>
      apiRequest<AdminUser>('POST', '/api/admin/users', input),
  });
export const useUpdateUser = () =>
  useMutation({
    mutationFn: ({ id, input }: { id: string; input: AdminUserUpdateInput }) =>
      apiRequest<AdminUser>('PATCH', `/api/admin/users/${id}`, input),
  });
export const useDeleteUser = () =>
  useMutation({
    // A user with recorded activity is deactivated instead; the message says which.
    mutationFn: (id: string) =>
      apiRequest<{ action: 'deleted' | 'deactivated'; message: string }>(
        'DELETE',
        `/api/admin/users/${id}`,
      ),
  });

export const useCreateRole = () =>
  useMutation({
    mutationFn: (input: RoleInput) =>
      apiRequest<RoleWithPermissions>('POST', '/api/admin/roles', input),
  });
export const useUpdateRole = () =>
  useMutation({
    mutationFn: ({ id, input }: { id: string; input: RoleUpdateInput }) =>
      apiRequest<RoleWithPermissions>('PATCH', `/api/admin/roles/${id}`, input),
  });
export const useDeleteRole = () =>
  useMutation({
    mutationFn: (id: string) => apiRequest<{ message: string }>('DELETE', `/api/admin/roles/${id}`),
  });
export const useSaveRolePermissions = () =>
  useMutation({
    mutationFn: ({ id, input }: { id: string; input: RolePermissionsInput }) =>
      apiRequest<RoleWithPermissions>('PUT', `/api/admin/roles/${id}/permissions`, input),
  });

export const useSettings = () =>
  useQuery({
    queryKey: adminKeys.settings,
    queryFn: () => apiGet<AppSettings>('/api/admin/settings'),
  });
export const useSaveSettings = () =>
  useMutation({
    mutationFn: (input: AppSettingsInput) =>
      apiRequest<AppSettings>('PUT', '/api/admin/settings', input),
  });
