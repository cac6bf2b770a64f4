import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type {
  AdminUserCreateInput,
  AdminUserUpdateInput,
  RoleInput,
  RolePermissionsInput,
  RoleUpdateInput,
} from '../../../domain/admin-schemas';
import type { AuditEvent, AuditQuery } from '../../../domain/audit';
import { adminApi } from '../../../domain/contracts/admin';
import type { AppSettingsInput } from '../../../domain/settings-schemas';
import { call } from '../../api/http';

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
    queryFn: ({ pageParam }: { pageParam: number }) =>
      call(adminApi.audit, {
        query: { ...filters, limit: AUDIT_PAGE_SIZE, offset: pageParam },
      }),
    initialPageParam: 0,
    getNextPageParam: (last: AuditEvent[], pages: AuditEvent[][]) =>
      last.length < AUDIT_PAGE_SIZE ? undefined : pages.length * AUDIT_PAGE_SIZE,
    refetchOnMount: 'always',
  });

export const useUsers = () =>
  useQuery({ queryKey: adminKeys.users, queryFn: () => call(adminApi.users) });
export const useRoles = () =>
  useQuery({ queryKey: adminKeys.roles, queryFn: () => call(adminApi.roles) });
export const useModules = () =>
  useQuery({ queryKey: adminKeys.modules, queryFn: () => call(adminApi.modules) });
export const useOpenApiDocument = () =>
  useQuery({ queryKey: adminKeys.openApi, queryFn: () => call(adminApi.openApi) });

export const useCreateUser = () =>
  useMutation({
    mutationFn: (input: AdminUserCreateInput) => call(adminApi.createUser, { body: input }),
  });
export const useUpdateUser = () =>
  useMutation({
    mutationFn: ({ id, input }: { id: string; input: AdminUserUpdateInput }) =>
      call(adminApi.updateUser, { params: { id }, body: input }),
  });
export const useDeleteUser = () =>
  useMutation({
    // A user with recorded activity is deactivated instead; the message says which.
    mutationFn: (id: string) => call(adminApi.deleteUser, { params: { id } }),
  });

export const useCreateRole = () =>
  useMutation({
    mutationFn: (input: RoleInput) => call(adminApi.createRole, { body: input }),
  });
export const useUpdateRole = () =>
  useMutation({
    mutationFn: ({ id, input }: { id: string; input: RoleUpdateInput }) =>
      call(adminApi.updateRole, { params: { id }, body: input }),
  });
export const useDeleteRole = () =>
  useMutation({
    mutationFn: (id: string) => call(adminApi.deleteRole, { params: { id } }),
  });
export const useSaveRolePermissions = () =>
  useMutation({
    mutationFn: ({ id, input }: { id: string; input: RolePermissionsInput }) =>
      call(adminApi.setRolePermissions, { params: { id }, body: input }),
  });

export const useSettings = () =>
  useQuery({ queryKey: adminKeys.settings, queryFn: () => call(adminApi.settings) });
export const useSaveSettings = () =>
  useMutation({
    mutationFn: (input: AppSettingsInput) => call(adminApi.saveSettings, { body: input }),
  });
