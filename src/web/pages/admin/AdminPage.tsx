import { Tabs } from '@mantine/core';
import { IconApi, IconHistory, IconSettings, IconShieldLock, IconUsers } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { LoadingLine } from '../../components/LoadingLine';
import { PageHeader } from '../../components/PageHeader';
import { ApiPanel } from './ApiPanel';
import { RolesPanel } from './RolesPanel';
import { SettingsPanel } from './SettingsPanel';
import { UsersPanel } from './UsersPanel';

// Loaded when the tab is opened: it brings the date pickers with it.
const AuditPanel = lazy(() => import('./AuditPanel'));

export default function AdminPage() {
  return (
    <>
      <PageHeader title="Admin Panel" subtitle="Manage users and system settings" />
      <Tabs defaultValue="users" color="orange" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="users" leftSection={<IconUsers size={16} aria-hidden />}>
            Users
          </Tabs.Tab>
          <Tabs.Tab value="roles" leftSection={<IconShieldLock size={16} aria-hidden />}>
            Roles
          </Tabs.Tab>
          <Tabs.Tab value="audit" leftSection={<IconHistory size={16} aria-hidden />}>
            Audit Trail
          </Tabs.Tab>
          <Tabs.Tab value="api" leftSection={<IconApi size={16} aria-hidden />}>
            API
          </Tabs.Tab>
          <Tabs.Tab value="settings" leftSection={<IconSettings size={16} aria-hidden />}>
            Settings
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users">
          <UsersPanel />
        </Tabs.Panel>
        <Tabs.Panel value="roles">
          <RolesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="audit">
          <Suspense fallback={<LoadingLine label="Loading the audit trail..." />}>
            <AuditPanel />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="api">
          <ApiPanel />
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <SettingsPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
