import { Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import type { DistributorWithAccount } from '../../../domain/contracts/distributors';
import type { CreatedStatementLink } from '../../../domain/contracts/statement-links';
import {
  DEFAULT_LINK_DAYS,
  MAX_LINK_DAYS,
  statementLinkInputSchema,
} from '../../../domain/statement-links';
import { DEFAULT_TIME_ZONE } from '../../../domain/time';
import { errorText } from '../../api/http';
import { notifyError } from '../../api/notify';
import { useAppInfo } from '../../auth/queries';
import { showServerErrors } from '../../components/form-errors';
import { NumberField, typedNumber } from '../../components/NumberField';
import { useResetOnOpen } from '../../components/use-reset-on-open';
import { StatementLinkList } from './StatementLinkList';
import { StatementLinkShare } from './StatementLinkShare';
import { useCreateStatementLink } from './statement-link-queries';

const validate = schemaResolver(statementLinkInputSchema, { sync: true });

/**
 * Share statement link: a manager makes a link to the distributor's own
 * statement, which opens without signing in until it expires or is revoked,
 * and copies or sends it; the links made so far, with Revoke.
 */
export function StatementLinksDialog(props: {
  distributor: DistributorWithAccount | null;
  onClose: () => void;
}) {
  const { distributor } = props;
  const timeZone = useAppInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const create = useCreateStatementLink();
  const [made, setMade] = useState<CreatedStatementLink | null>(null);
  const form = useForm<{ expiresInDays: number | string }>({
    initialValues: { expiresInDays: DEFAULT_LINK_DAYS },
    validate: (values) => validate({ expiresInDays: typedNumber(values.expiresInDays) }),
  });
  useResetOnOpen(form, distributor !== null, () => ({ expiresInDays: DEFAULT_LINK_DAYS }), [
    distributor,
  ]);
  const close = () => {
    // The address is shown once: closing forgets it.
    setMade(null);
    props.onClose();
  };

  const submit = form.onSubmit((values) => {
    if (!distributor) return;
    create.mutate(
      { id: distributor.id, expiresInDays: typedNumber(values.expiresInDays) },
      {
        onSuccess: setMade,
        onError: (error) => {
          showServerErrors(form, error);
          notifyError('Error', errorText(error, 'Failed to make the link'));
        },
      },
    );
  });

  return (
    <Modal
      opened={distributor !== null}
      onClose={close}
      title="Share statement link"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {distributor && (
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {distributor.name} can open its own statement from this link without signing in, until
            it expires or you revoke it.
          </Text>
          <form onSubmit={submit} noValidate>
            <Group gap="sm" align="flex-start" wrap="nowrap">
              <NumberField
                label="Expires in (days)"
                description={`1 to ${MAX_LINK_DAYS}`}
                min={1}
                max={MAX_LINK_DAYS}
                data-autofocus
                style={{ flex: 1 }}
                {...form.getInputProps('expiresInDays')}
              />
              <Button type="submit" color="orange" loading={create.isPending} mt={44}>
                Create link
              </Button>
            </Group>
          </form>
          {made && (
            <StatementLinkShare distributorId={distributor.id} link={made} timeZone={timeZone} />
          )}
          <Divider />
          <StatementLinkList distributorId={distributor.id} timeZone={timeZone} />
        </Stack>
      )}
    </Modal>
  );
}
