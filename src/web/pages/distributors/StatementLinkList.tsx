import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { StatementLink } from '../../../domain/contracts/statement-links';
import {
  STATEMENT_LINK_STATUS_LABELS,
  type StatementLinkStatus,
} from '../../../domain/statement-links';
import { errorText } from '../../api/http';
import { notifyError, notifySuccess } from '../../api/notify';
import { formatDateTime } from '../../components/format';
import { LoadingLine } from '../../components/LoadingLine';
import { useRevokeStatementLink, useStatementLinks } from './statement-link-queries';

const STATUS_COLOUR: Record<StatementLinkStatus, string> = {
  active: 'green',
  expired: 'gray',
  revoked: 'red',
};

function LinkRow(props: { link: StatementLink; when: (iso: string) => string }) {
  const { link, when } = props;
  const revoke = useRevokeStatementLink();
  const revokeIt = () =>
    revoke.mutate(link.id, {
      onSuccess: () => notifySuccess('Link Revoked', 'The link opens nothing from now on'),
      onError: (error) => notifyError('Error', errorText(error, 'Failed to revoke the link')),
    });
  return (
    <Card withBorder radius="md" p="xs" data-testid="statement-link-row">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Badge color={STATUS_COLOUR[link.status]} variant="light">
              {STATEMENT_LINK_STATUS_LABELS[link.status]}
            </Badge>
            <Text fz="sm">Made {when(link.createdAt)}</Text>
          </Group>
          <Text fz="xs" c="dimmed">
            By {link.createdByName ?? 'a former user'} ·{' '}
            {link.revokedAt
              ? `revoked ${when(link.revokedAt)} by ${link.revokedByName ?? 'a former user'}`
              : `${link.status === 'active' ? 'expires' : 'expired'} ${when(link.expiresAt)}`}
          </Text>
          <Text fz="xs" c="dimmed">
            {link.lastOpenedAt ? `Last opened ${when(link.lastOpenedAt)}` : 'Never opened'}
          </Text>
        </div>
        {link.status === 'active' && (
          <Button
            size="xs"
            variant="default"
            color="red"
            loading={revoke.isPending}
            onClick={revokeIt}
            aria-label={`Revoke the link made ${when(link.createdAt)}`}
            style={{ flexShrink: 0 }}
          >
            Revoke
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** The distributor's links, newest first, with Revoke on those still open. */
export function StatementLinkList(props: { distributorId: string; timeZone: string }) {
  const links = useStatementLinks(props.distributorId);
  const when = (iso: string) => formatDateTime(iso, props.timeZone);
  const all = links.data?.pages.flat() ?? [];
  if (links.isPending) return <LoadingLine label="Loading links..." />;
  if (links.isError)
    return <Text c="red">{errorText(links.error, 'Failed to load the links')}</Text>;
  return (
    <Stack gap="xs">
      <Text fw={600}>Links made</Text>
      {all.length === 0 && (
        <Text fz="sm" c="dimmed">
          No links made for this distributor yet
        </Text>
      )}
      {all.map((link) => (
        <LinkRow key={link.id} link={link} when={when} />
      ))}
      {links.hasNextPage && (
        <Button
          variant="default"
          size="xs"
          loading={links.isFetchingNextPage}
          onClick={() => links.fetchNextPage()}
        >
          Show more links
        </Button>
      )}
    </Stack>
  );
}
