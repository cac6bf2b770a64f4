import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconBell, IconCheck } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import type { AppNotification } from '../../domain/contracts/notifications';
import { notifyError } from '../api/notify';
import { useMarkRead, useNotifications } from './notification-queries';

const badgeText = (unread: number) => (unread > 99 ? '99+' : String(unread));

/**
 * The header's bell: its badge counts the notifications the user has not
 * read; a click lists them (newest first, unread before read), each linking
 * to the page of its record. Following a link or the check marks one read;
 * "Mark all read" marks them all.
 */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const unread = notifications.data?.unread ?? 0;
  // A control that disappears (a check once read) must not take the focus out
  // of the list with it: Escape closes the list only from inside.
  const dropdown = useRef<HTMLDivElement>(null);

  const mark = (keys: string[] | 'all') =>
    markRead.mutate(keys === 'all' ? { all: true } : { keys }, {
      onError: () => notifyError('Error', 'Failed to mark notifications read'),
    });
  const toggle = () => {
    // Batches run late by the minute: what is looked at is asked for afresh.
    if (!opened) void notifications.refetch();
    setOpened(!opened);
  };

  return (
    // The popover's target is the button itself: its aria-expanded is not allowed on the badge's div.
    <Indicator
      label={badgeText(unread)}
      disabled={unread === 0}
      size={18}
      color="red"
      offset={4}
      data-testid="notification-badge"
    >
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width="min(380px, calc(100vw - 16px))"
        shadow="md"
        radius="md"
        trapFocus
        returnFocus
      >
        <Popover.Target>
          <ActionIcon
            variant="default"
            size="lg"
            radius="md"
            onClick={toggle}
            aria-label={unread > 0 ? `Notifications: ${unread} unread` : 'Notifications'}
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} aria-label="Notifications" ref={dropdown}>
          <Group justify="space-between" px="md" py="sm" wrap="nowrap">
            <Text fw={700}>Notifications</Text>
            <Button
              variant="subtle"
              size="compact-sm"
              color="orange.9"
              // Shown disabled yet focusable, so the focus stays in the list once all are read.
              data-disabled={unread === 0 || undefined}
              aria-disabled={unread === 0}
              onClick={() => unread > 0 && mark('all')}
            >
              Mark all read
            </Button>
          </Group>
          <NotificationItems
            list={notifications.data?.notifications}
            total={notifications.data?.total ?? 0}
            failed={notifications.isError}
            onMarkRead={(key) => {
              dropdown.current?.focus();
              mark([key]);
            }}
            onFollow={(item) => {
              setOpened(false);
              if (!item.read) mark([item.key]);
            }}
          />
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

function NotificationItems(props: {
  list: AppNotification[] | undefined;
  total: number;
  failed: boolean;
  onMarkRead: (key: string) => void;
  onFollow: (item: AppNotification) => void;
}) {
  const { list } = props;
  if (props.failed) return <Hint>Could not load the notifications</Hint>;
  if (!list) return <Hint>Loading...</Hint>;
  if (list.length === 0) return <Hint>No notifications</Hint>;
  return (
    <ScrollArea.Autosize mah="min(420px, 60vh)" type="auto">
      <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {list.map((item) => (
          <Group
            key={item.key}
            component="li"
            wrap="nowrap"
            align="flex-start"
            gap="xs"
            px="md"
            py="xs"
            data-testid="notification"
            data-read={item.read}
            bg={item.read ? undefined : 'orange.0'}
            style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <Anchor
                component={Link}
                href={item.link}
                onClick={() => props.onFollow(item)}
                fw={item.read ? 500 : 700}
                c="dark.7"
                fz="sm"
              >
                {item.title}
              </Anchor>
              <Text fz="xs" c="gray.7">
                {item.message}
              </Text>
            </Stack>
            {!item.read && (
              <Tooltip label="Mark read" withArrow>
                <ActionIcon
                  variant="subtle"
                  color="gray.7"
                  size="sm"
                  aria-label={`Mark read: ${item.title}`}
                  onClick={() => props.onMarkRead(item.key)}
                >
                  <IconCheck size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        ))}
      </Stack>
      {props.total > list.length && (
        <Hint>
          The newest {list.length} of {props.total}
        </Hint>
      )}
    </ScrollArea.Autosize>
  );
}

function Hint({ children }: { children: React.ReactNode }) {
  return (
    <Text
      fz="sm"
      c="gray.7"
      px="md"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      {children}
    </Text>
  );
}
