import {
  Alert,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useRef } from 'react';
import type { ReorderIntent } from '../../../domain/dashboard';
import { isWholeFor, wholeUnitsMessage } from '../../../domain/inventory-schemas';
import { formatNaira } from '../../../domain/money';
import {
  DELIVERY_IN_PAST,
  defaultOrderNumber,
  isDeliveryInPast,
  orderTotal,
  PURCHASE_ORDER_STATUS_LABELS,
  PURCHASE_ORDER_STATUSES,
  type PurchaseOrderInput,
  purchaseOrderSchema,
  unitCostOf,
  unusualUnitCost,
} from '../../../domain/purchase-order-schemas';
import { businessDate, DEFAULT_TIME_ZONE } from '../../../domain/time';
import { useAppInfo } from '../../auth/queries';
import { FormActions } from '../../components/FormActions';
import { saveHandlers } from '../../components/form-errors';
import { openOrderText } from '../../components/format';
import { LineItemEditor } from '../../components/LineItemEditor';
import { NumberField, typedNumber } from '../../components/NumberField';
import { useResetOnOpen } from '../../components/use-reset-on-open';
import { useInventory } from '../inventory/queries';
import { useCreateOrder } from './queries';

interface LineValues {
  key: string;
  itemId: string | null;
  quantity: number | string;
  totalCost: number | string;
}

interface OrderFormValues {
  orderNumber: string;
  supplier: string;
  status: string;
  expectedDelivery: string;
  notes: string;
  items: LineValues[];
}

const newLine = (itemId: string | null = null, quantity: number | '' = ''): LineValues => ({
  key: crypto.randomUUID(),
  itemId,
  quantity,
  totalCost: '',
});

function toInput(values: OrderFormValues): PurchaseOrderInput {
  return {
    orderNumber: values.orderNumber,
    supplier: values.supplier,
    status: values.status as PurchaseOrderInput['status'],
    expectedDelivery: values.expectedDelivery || null,
    notes: values.notes || null,
    items: values.items.map((line) => ({
      itemId: line.itemId ?? '',
      quantity: typedNumber(line.quantity),
      totalCost: line.totalCost === '' ? 0 : Number(line.totalCost),
    })),
  };
}

const validate = schemaResolver(purchaseOrderSchema, { sync: true });

/**
 * Create Order. `reorderItemId` starts the order with that item, as the
 * dashboard's Reorder does; `reorder` adds its proposed quantity and the
 * orders for the item already open, shown so none is placed twice by mistake.
 */
export function CreateOrderDialog(props: {
  opened: boolean;
  reorderItemId?: string | null;
  reorder?: ReorderIntent | null;
  onClose: () => void;
}) {
  const inventory = useInventory();
  const createOrder = useCreateOrder();
  // The bakery's zone decides what "the past" is; read at validation time.
  const timeZone = useRef(DEFAULT_TIME_ZONE);
  timeZone.current = useAppInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const form = useForm<OrderFormValues>({
    initialValues: {
      orderNumber: '',
      supplier: '',
      status: 'pending',
      expectedDelivery: '',
      notes: '',
      items: [],
    },
    validate: (values) => {
      const errors = validate(toInput(values));
      const today = businessDate(new Date(), timeZone.current);
      if (isDeliveryInPast(values.expectedDelivery, today)) {
        errors.expectedDelivery = DELIVERY_IN_PAST;
      }
      // Whether a quantity must be whole depends on its item, which the schema cannot see.
      values.items.forEach((line, index) => {
        const field = `items.${index}.quantity`;
        const unit = inventory.data?.find((item) => item.id === line.itemId)?.unit;
        if (!errors[field] && !isWholeFor(unit, Number(line.quantity))) {
          errors[field] = wholeUnitsMessage('Quantity');
        }
      });
      return errors;
    },
  });

  useResetOnOpen(
    form,
    props.opened,
    () => {
      const reorderItem = inventory.data?.find((item) => item.id === props.reorderItemId);
      return {
        orderNumber: defaultOrderNumber(),
        supplier: reorderItem?.supplier ?? '',
        status: 'pending',
        expectedDelivery: '',
        notes: '',
        items: [newLine(reorderItem?.id ?? null, reorderItem ? props.reorder?.quantity || '' : '')],
      };
    },
    [props.reorderItemId, inventory.data],
  );

  const itemOptions = (inventory.data ?? []).map((item) => ({
    value: item.id,
    label: `${item.name} (${item.unit})`,
  }));
  const itemOf = (itemId: string | null) => inventory.data?.find((item) => item.id === itemId);
  const unitOf = (itemId: string | null) => itemOf(itemId)?.unit ?? '';
  const total = orderTotal(
    form.values.items.map((line) => ({
      totalCost: Number.isFinite(Number(line.totalCost)) ? Number(line.totalCost) : 0,
    })),
  );

  const submit = form.onSubmit((values) =>
    createOrder.mutate(
      toInput(values),
      saveHandlers(form, {
        success: (order) => ({
          title: 'Order Created',
          message: `${order.orderNumber} for ${formatNaira(order.totalAmount)}`,
        }),
        failure: 'Failed to create purchase order',
        onDone: props.onClose,
      }),
    ),
  );

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title="Create Purchase Order"
      centered
      size="xl"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput label="Order Number" {...form.getInputProps('orderNumber')} />
            <TextInput
              label="Supplier"
              placeholder="e.g. Golden Penny Mills"
              {...form.getInputProps('supplier')}
            />
            <Select
              label="Status"
              data={PURCHASE_ORDER_STATUSES.map((value) => ({
                value,
                label: PURCHASE_ORDER_STATUS_LABELS[value],
              }))}
              allowDeselect={false}
              {...form.getInputProps('status')}
            />
          </SimpleGrid>
          {props.reorderItemId && props.reorder?.openOrders.length ? (
            <Alert color="yellow" title="Already on order" data-testid="already-on-order">
              {props.reorder.openOrders.map((order) => (
                <Text key={order.orderId} fz="sm">
                  {openOrderText(order, unitOf(props.reorderItemId ?? null))}
                </Text>
              ))}
            </Alert>
          ) : null}
          <LineItemEditor
            title="Items"
            noun="item"
            addLabel="Add Item"
            lines={form.values.items}
            error={form.errors.items}
            lineTestId="order-line"
            onAdd={() => form.insertListItem('items', newLine())}
            onRemove={(index) => form.removeListItem('items', index)}
            footer={
              <Text fw={700} data-testid="order-total">
                Total: {formatNaira(total)}
              </Text>
            }
          >
            {(line, index, remove) => {
              const unitCost = unitCostOf(typedNumber(line.totalCost), typedNumber(line.quantity));
              const item = itemOf(line.itemId);
              // Without inventory read the list may carry no cost: then there is nothing to compare.
              const unusual = item?.unitCost
                ? unusualUnitCost(unitCost, item.unitCost, item.unit)
                : null;
              return (
                <>
                  <Select
                    label="Item"
                    placeholder="Choose an item"
                    data={itemOptions}
                    searchable
                    style={{ flex: '2 1 220px' }}
                    {...form.getInputProps(`items.${index}.itemId`)}
                  />
                  <NumberField
                    label={`Quantity${unitOf(line.itemId) ? ` (${unitOf(line.itemId)})` : ''}`}
                    min={0}
                    style={{ flex: '1 1 110px' }}
                    {...form.getInputProps(`items.${index}.quantity`)}
                  />
                  <NumberField
                    label="Total Cost (₦)"
                    min={0}
                    thousandSeparator=","
                    style={{ flex: '1 1 130px' }}
                    {...form.getInputProps(`items.${index}.totalCost`)}
                  />
                  <Stack gap={2} style={{ flex: '1 1 110px' }}>
                    <Text fz="sm" fw={500}>
                      Unit Cost
                    </Text>
                    <Text fz="sm" c="dimmed" pt={6}>
                      {Number.isFinite(unitCost) ? formatNaira(unitCost) : '—'}
                    </Text>
                  </Stack>
                  {remove}
                  {unusual && (
                    <Group gap={6} wrap="nowrap" style={{ flexBasis: '100%' }}>
                      <IconAlertTriangle
                        size={16}
                        color="var(--mantine-color-orange-7)"
                        style={{ flexShrink: 0 }}
                        aria-hidden
                      />
                      <Text fz="sm" data-testid="unusual-cost">
                        {unusual}
                      </Text>
                    </Group>
                  )}
                </>
              );
            }}
          </LineItemEditor>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Expected Delivery (Optional)"
              type="date"
              {...form.getInputProps('expectedDelivery')}
            />
            <Textarea
              label="Notes (Optional)"
              autosize
              minRows={1}
              {...form.getInputProps('notes')}
            />
          </SimpleGrid>
          <FormActions
            submitLabel="Create Order"
            busy={createOrder.isPending}
            onCancel={props.onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
