import { Box, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { adminApi } from '../../domain/contracts/admin';
import { DEFAULT_TIME_ZONE } from '../../domain/time';
import { call } from '../api/http';
import { useAppInfo } from '../auth/queries';
import { formatDateTime } from './format';

/**
 * What heads every printed document (statements; later delivery notes and
 * receipts): the bakery's name, address and phone from the Admin Panel's
 * settings, and when it was printed. Shown only on paper (print.css).
 */
export function Letterhead() {
  const letterhead = useQuery({
    queryKey: ['/api/letterhead'],
    queryFn: () => call(adminApi.letterhead),
  });
  const timeZone = useAppInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const [printedAt, setPrintedAt] = useState(() => new Date());
  useEffect(() => {
    // A page left open for hours prints the time it was printed, not opened.
    const stamp = () => setPrintedAt(new Date());
    window.addEventListener('beforeprint', stamp);
    return () => window.removeEventListener('beforeprint', stamp);
  }, []);
  const { bakeryName, bakeryAddress, bakeryPhone } = letterhead.data ?? {};

  return (
    <Box data-print="only" data-testid="letterhead" pb="sm" mb="sm" className="letterhead">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          {bakeryName && (
            <Text fw={700} fz={22}>
              {bakeryName}
            </Text>
          )}
          {bakeryAddress && <Text fz="sm">{bakeryAddress}</Text>}
          {bakeryPhone && <Text fz="sm">Tel: {bakeryPhone}</Text>}
        </div>
        <Text fz="sm" ta="right" style={{ whiteSpace: 'nowrap' }}>
          Printed {formatDateTime(printedAt.toISOString(), timeZone)}
        </Text>
      </Group>
    </Box>
  );
}
