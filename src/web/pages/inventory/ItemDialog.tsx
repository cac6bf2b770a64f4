import { Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { InventoryItem } from '../../../domain/contracts/inventory';
import {
  INVENTORY_CATEGORIES,
  INVENTORY_CATEGORY_LABELS,
  INVENTORY_UNITS,
  type InventoryItemInput,
  inventoryItemSchema,
} from '../../../domain/inventory-schemas';
import { FormActions } from '../../components/FormActions';
import { saveHandlers } from '../../components/form-errors';
import { NumberField } from '../../components/NumberField';
import { useResetOnOpen } from '../../components/use-reset-on-open';
import { useCreateItem, useUpdateItem } from './queries';

interface ItemFormValues {
  name: string;
  category: string;
  unit: string;
  currentStock: number | string;
  minStock: number | string;
  unitCost: number | string;
  supplier: string;
}

const EMPTY: ItemFormValues = {
  name: '',
  category: 'ingredients',
  unit: 'kg',
  currentStock: 0,
  minStock: 0,
  unitCost: 0,
  supplier: '',
};

/** An empty number box is left out, so the schema's default (0) applies. */
const optionalNumber = (value: number | string) => (value === '' ? undefined : Number(value));

const toInput = (values: ItemFormValues) =>
  ({
    ...values,
    currentStock: optionalNumber(values.currentStock),
    minStock: optionalNumber(values.minStock),
    unitCost: optionalNumber(values.unitCost),
    supplier: values.supplier.trim() || null,
  }) as InventoryItemInput;

const validate = schemaResolver(inventoryItemSchema, { sync: true });

export function ItemDialog(props: {
  opened: boolean;
  item: InventoryItem | null;
  onClose: () => void;
}) {
  const { item } = props;
  const createItem = useCreateItem();
  const updateItem = useUpdateItem();
  const busy = createItem.isPending || updateItem.isPending;
  const form = useForm<ItemFormValues>({
    initialValues: EMPTY,
    validate: (values) => validate(toInput(values)),
  });

  useResetOnOpen(
    form,
    props.opened,
    () =>
      item
        ? {
            name: item.name,
            category: item.category,
            unit: item.unit,
            currentStock: item.currentStock,
            minStock: item.minStock,
            unitCost: item.unitCost,
            supplier: item.supplier ?? '',
          }
        : EMPTY,
    [item],
  );

  const handlers = (title: string, message: string, failure: string) =>
    saveHandlers(form, { success: () => ({ title, message }), failure, onDone: props.onClose });

  const submit = form.onSubmit((values) => {
    const input = toInput(values);
    if (item) {
      updateItem.mutate(
        { id: item.id, input },
        handlers('Item Updated', `${input.name} was updated`, 'Failed to update inventory item'),
      );
    } else {
      createItem.mutate(
        input,
        handlers(
          'Item Added',
          `${input.name} was added to inventory`,
          'Failed to add inventory item',
        ),
      );
    }
  });

  const numberProps = { min: 0, thousandSeparator: ',' } as const;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={item ? 'Edit Item' : 'Add Item'}
      centered
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Item Name"
            placeholder="e.g. Flour (Golden Penny)"
            {...form.getInputProps('name')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Select
              label="Category"
              data={INVENTORY_CATEGORIES.map((value) => ({
                value,
                label: INVENTORY_CATEGORY_LABELS[value],
              }))}
              allowDeselect={false}
              {...form.getInputProps('category')}
            />
            <Select
              label="Unit"
              data={[...INVENTORY_UNITS]}
              allowDeselect={false}
              {...form.getInputProps('unit')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <NumberField
              label="Current Stock"
              {...numberProps}
              {...form.getInputProps('currentStock')}
            />
            <NumberField label="Min. Stock" {...numberProps} {...form.getInputProps('minStock')} />
            <NumberField
              label="Unit Cost (₦)"
              {...numberProps}
              {...form.getInputProps('unitCost')}
            />
          </SimpleGrid>
          <TextInput
            label="Supplier (Optional)"
            placeholder="e.g. Golden Penny Mills"
            {...form.getInputProps('supplier')}
          />
          <FormActions
            submitLabel={item ? 'Update Item' : 'Add Item'}
            busy={busy}
            onCancel={props.onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
