import { Stack, Tabs } from '@mantine/core';
import { BookTab } from './BookTab';
import { PausesTab } from './PausesTab';
import { StandingTab } from './StandingTab';

/** Orders (docs/screens/orders.md): the book of a day, the standing orders, the pauses. */
export default function OrdersPage() {
  return (
    <Tabs defaultValue="book" color="orange" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="book">Order book</Tabs.Tab>
        <Tabs.Tab value="standing">Standing orders</Tabs.Tab>
        <Tabs.Tab value="pauses">Pauses</Tabs.Tab>
      </Tabs.List>
      <Stack>
        <Tabs.Panel value="book">
          <BookTab />
        </Tabs.Panel>
        <Tabs.Panel value="standing">
          <StandingTab />
        </Tabs.Panel>
        <Tabs.Panel value="pauses">
          <PausesTab />
        </Tabs.Panel>
      </Stack>
    </Tabs>
  );
}
