import { Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { DEFAULT_TIME_ZONE, formatClock } from '../../domain/time';
import { useAppInfo } from '../auth/queries';
import { NotificationBell } from './NotificationBell';

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    // Tick on the minute, so the shown time never lags by more than a second.
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(
        () => {
          setNow(new Date());
          schedule();
        },
        60_000 - (Date.now() % 60_000) + 50,
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, []);
  return now;
}

/**
 * Current date and time in the bakery's time zone, and the notification bell.
 * `withDate` off: the time alone (a phone's header giving the date's room to "Unsent: N").
 */
export function HeaderClock({ withDate = true }: { withDate?: boolean }) {
  const now = useNow();
  const timeZone = useAppInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const { date, shortDate, time } = formatClock(now, timeZone);
  // The year and the calendar icon add about 60 px: beside the menu, the mark, the
  // name and the bell they fit from 576 px (the phone header's name shows from 480).
  const roomy = useMediaQuery('(min-width: 36em)', true, { getInitialValueInEffect: false });
  return (
    <Group gap="sm" wrap="nowrap">
      <Group gap={6} wrap="nowrap" data-testid="header-clock">
        {withDate && roomy && (
          <IconCalendar size={18} aria-hidden color="var(--mantine-color-dimmed)" />
        )}
        {withDate && (
          <Text fz="sm" c="dimmed" data-testid="header-date" style={{ whiteSpace: 'nowrap' }}>
            {roomy ? date : shortDate}
          </Text>
        )}
        <Text fz="sm" fw={600} data-testid="header-time">
          {time}
        </Text>
      </Group>
      <NotificationBell />
    </Group>
  );
}
