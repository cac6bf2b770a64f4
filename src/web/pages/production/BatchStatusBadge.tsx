import { Badge } from '@mantine/core';
import { BATCH_STATUS_LABELS, type BatchStatus } from '../../../domain/production-schemas';

const COLOURS: Record<BatchStatus, string> = {
  planned: 'yellow',
  in_progress: 'blue',
  completed: 'green',
  cancelled: 'gray',
};

export function BatchStatusBadge({ status }: { status: BatchStatus }) {
  return (
    <Badge variant="light" tt="none" color={COLOURS[status]} style={{ flexShrink: 0 }}>
      {BATCH_STATUS_LABELS[status]}
    </Badge>
  );
}
