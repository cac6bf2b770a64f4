import {
  Avatar,
  Badge,
  Box,
  Button,
  Divider,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { IconExternalLink, IconLogout, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { isActiveEntry, visibleNavEntries } from '../../domain/navigation';
import { type CurrentUser, displayName, roleBadge } from '../../domain/user';
import { countOf } from '../../domain/words';
import { notifySuccess } from '../api/notify';
import { useLogout } from '../auth/queries';
import { useOutbox } from '../offline/outbox-store';
import { BrandMark } from './BrandMark';
import { ConfirmDialog } from './ConfirmDialog';
import { NAV_ICONS } from './nav-icons';

function initials(name: string): string {
  const letters = name
    .split(/[\s@._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase());
  return letters.join('') || 'U';
}

/** The sidebar's contents, shared by the desktop navbar and the phone drawer. */
export function SidebarContent({
  user,
  onNavigate,
}: {
  user: CurrentUser;
  onNavigate?: () => void;
}) {
  const [location, navigate] = useLocation();
  const logout = useLogout();
  const name = displayName(user);
  // Records this user kept on the device stay there after sign-out, for their next sign-in.
  const unsent = useOutbox().filter((entry) => entry.madeBy.id === user.id).length;
  const [warning, setWarning] = useState(false);

  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        notifySuccess('Logged out', 'Successfully logged out');
        navigate('/');
      },
      // A failed sign-out from the sidebar is ignored silently (docs/screens/landing.md).
    });

  return (
    <Stack h="100%" gap={0}>
      <Box p="md">
        <BrandMark />
      </Box>
      <Divider />
      <ScrollArea style={{ flex: 1 }} p="xs" component="nav" aria-label="Main navigation">
        {visibleNavEntries(user).map((entry) => {
          const Icon = NAV_ICONS[entry.path];
          const active = isActiveEntry(location, entry.path);
          return (
            <NavLink
              key={entry.path}
              component={Link}
              href={entry.path}
              label={entry.name}
              leftSection={Icon ? <Icon size={20} stroke={1.6} aria-hidden /> : null}
              active={active}
              aria-current={active ? 'page' : undefined}
              color="orange"
              variant="light"
              onClick={onNavigate}
              styles={{ root: { borderRadius: 8 }, label: { fontSize: 15 } }}
            />
          );
        })}
      </ScrollArea>
      <Divider />
      <Stack p="md" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Avatar color="orange" radius="xl" aria-hidden>
            {initials(name)}
          </Avatar>
          <Box style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} fz="sm" truncate="end" data-testid="sidebar-user-name">
              {name}
            </Text>
            <Badge
              size="sm"
              variant="light"
              tt="none"
              color={user.isAdmin ? 'orange' : 'gray'}
              data-testid="sidebar-user-badge"
            >
              {roleBadge(user)}
            </Badge>
          </Box>
        </Group>
        {user.isAdmin && (
          <Button
            component="a"
            href="/admin"
            target="_blank"
            rel="noopener"
            variant="light"
            color="orange"
            leftSection={<IconShieldLock size={18} aria-hidden />}
            rightSection={<IconExternalLink size={14} aria-hidden />}
            fullWidth
          >
            Admin Panel
          </Button>
        )}
        <Button
          variant="default"
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={() => (unsent > 0 ? setWarning(true) : signOut())}
          disabled={logout.isPending}
          fullWidth
        >
          {logout.isPending ? 'Logging out...' : 'Logout'}
        </Button>
      </Stack>
      <ConfirmDialog
        opened={warning}
        title="Unsent records stay here"
        message={`${countOf(unsent, 'record')} you made ${unsent === 1 ? 'is' : 'are'} not sent yet. ${unsent === 1 ? 'It stays' : 'They stay'} on this device and ${unsent === 1 ? 'is' : 'are'} sent when you next sign in here.`}
        confirmLabel="Log out"
        cancelLabel="Stay signed in"
        confirmColor="orange"
        onConfirm={() => {
          setWarning(false);
          signOut();
        }}
        onClose={() => setWarning(false)}
      />
    </Stack>
  );
}
