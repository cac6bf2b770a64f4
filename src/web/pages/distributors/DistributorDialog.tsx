import { Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { DistributorWithAccount } from '../../../domain/contracts/distributors';
import { type DistributorInput, distributorSchema } from '../../../domain/distributor-schemas';
import { FormActions } from '../../components/FormActions';
import { saveHandlers } from '../../components/form-errors';
import { useResetOnOpen } from '../../components/use-reset-on-open';
import { useAddDistributor, useEditDistributor } from './queries';

const EMPTY: DistributorInput = { name: '', address: '', phone: '' };

/** Add Distributor, and Edit for its name, address and phone. */
export function DistributorDialog(props: {
  opened: boolean;
  distributor: DistributorWithAccount | null;
  onClose: () => void;
}) {
  const { distributor } = props;
  const add = useAddDistributor();
  const edit = useEditDistributor();
  const form = useForm<DistributorInput>({
    initialValues: EMPTY,
    validate: schemaResolver(distributorSchema, { sync: true }),
  });

  useResetOnOpen(
    form,
    props.opened,
    () =>
      distributor
        ? { name: distributor.name, address: distributor.address, phone: distributor.phone }
        : EMPTY,
    [distributor],
  );

  const submit = form.onSubmit((values) => {
    if (distributor) {
      edit.mutate(
        { id: distributor.id, input: values },
        saveHandlers(form, {
          success: (saved) => ({
            title: 'Distributor Updated',
            message: `${saved.name} was updated`,
          }),
          failure: 'Failed to update distributor',
          onDone: props.onClose,
        }),
      );
    } else {
      add.mutate(
        values,
        saveHandlers(form, {
          success: (saved) => ({ title: 'Distributor Added', message: `${saved.name} was added` }),
          failure: 'Failed to add distributor',
          onDone: props.onClose,
        }),
      );
    }
  });

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={distributor ? 'Edit Distributor' : 'Add Distributor'}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Name"
            placeholder="e.g. Mama Nkechi Stores"
            {...form.getInputProps('name')}
          />
          <Textarea
            label="Address"
            placeholder="e.g. 12 Market Road, Aba"
            autosize
            minRows={2}
            {...form.getInputProps('address')}
          />
          <TextInput
            label="Phone"
            placeholder="e.g. 0803 123 4567"
            type="tel"
            {...form.getInputProps('phone')}
          />
          <FormActions
            submitLabel={distributor ? 'Update Distributor' : 'Add Distributor'}
            busy={add.isPending || edit.isPending}
            onCancel={props.onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
