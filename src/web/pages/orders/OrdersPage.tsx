import { Stack, Tabs } from '@mantine/core';
import { useSearch } from 'wouter';
import { PageHeader } from '../../components/PageHeader';
import { BookTab } from './BookTab';
import { PausesTab } from './PausesTab';
import { StandingTab } from './StandingTab';

const TABS = ['book', 'standing', 'pauses'];

/**
 * Orders (docs/screens/orders.md): the book of a day, the standing orders, the
 * pauses. `?tab=standing&distributor=<id>` opens one distributor's week grid
 * (Reports → Returns rate links there).
 */
export default function OrdersPage() {
  const search = new URLSearchParams(useSearch());
  const tab = search.get('tab');
  return (
    <>
      <PageHeader
        title="Orders"
        subtitle="Distributors' standing orders and the order book of a day"
      />
      <Tabs
        key={search.toString()}
        defaultValue={tab && TABS.includes(tab) ? tab : 'book'}
        color="orange"
        keepMounted={false}
      >
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
            <StandingTab distributorId={search.get('distributor')} />
          </Tabs.Panel>
          <Tabs.Panel value="pauses">
            <PausesTab />
          </Tabs.Panel>
        </Stack>
      </Tabs>
    </>
  );
}
