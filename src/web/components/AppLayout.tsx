import { AppShell, Burger, Drawer, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import type { CurrentUser } from '../../domain/user';
import { OfflineStatus } from '../offline/OfflineStatus';
import { useOutbox } from '../offline/outbox-store';
import { UnsentButton } from '../offline/UnsentButton';
import { BrandMark } from './BrandMark';
import { HeaderClock } from './HeaderClock';
import { SidebarContent } from './SidebarContent';

/**
 * Desktop: a fixed sidebar and a header with the clock. Phone: the header gets a
 * menu button that opens the same sidebar in a drawer, which closes on a
 * backdrop click or when an entry is chosen.
 */
export function AppLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const [drawerOpen, drawer] = useDisclosure(false);
  // With the product's name the phone header needs about 440 px (menu, mark, name,
  // date, time and bell, nothing may wrap): under 480 px the name gives way, or it
  // pushed the bell past the right edge.
  const roomForName = useMediaQuery('(min-width: 30em)', true, { getInitialValueInEffect: false });
  // "Unsent: N" takes about 125 px: the name gives way on any phone, and under 480 px the date.
  const unsent = useOutbox().length > 0;
  return (
    <AppShell
      layout="alt"
      header={{ height: 60 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: true } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" hiddenFrom="sm">
            <Burger
              opened={drawerOpen}
              onClick={drawer.toggle}
              size="sm"
              aria-label={drawerOpen ? 'Close navigation' : 'Open navigation'}
            />
            <BrandMark compact markOnly={!roomForName || unsent} />
          </Group>
          <div />
          <Group gap="xs" wrap="nowrap">
            <UnsentButton userId={user.id} />
            <HeaderClock withDate={roomForName || !unsent} />
          </Group>
        </Group>
      </AppShell.Header>
      {/* Not rendered on phones, so keyboard focus cannot wander into an off-screen sidebar. */}
      <AppShell.Navbar visibleFrom="sm">
        <SidebarContent user={user} />
      </AppShell.Navbar>
      <Drawer
        opened={drawerOpen}
        onClose={drawer.close}
        size={288}
        padding={0}
        withCloseButton={false}
        hiddenFrom="sm"
        title="Navigation"
        styles={{ header: { display: 'none' } }}
      >
        <div style={{ height: '100dvh' }}>
          <SidebarContent user={user} onNavigate={drawer.close} />
        </div>
      </Drawer>
      <AppShell.Main bg="var(--mantine-color-gray-0)">
        <OfflineStatus />
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
