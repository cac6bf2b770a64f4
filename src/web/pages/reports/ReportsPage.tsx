import { Button, Card, Group, Tabs, Text } from '@mantine/core';
import { type FunctionComponent, useState } from 'react';
import { useSearch } from 'wouter';
import { canRead } from '../../../domain/permissions';
import {
  filterWording,
  REPORT_TAB_LABELS,
  REPORT_TAB_MODULES,
  REPORT_TABS,
  type ReportTab,
} from '../../../domain/reports';
import { businessDate, DEFAULT_TIME_ZONE } from '../../../domain/time';
import { useAppInfo, useCurrentUser } from '../../auth/queries';
import { DateRangeInputs } from '../../components/DateRangeInputs';
import { formatCalendarDate } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { AgeingTab } from './AgeingTab';
import { FinancialTab } from './FinancialTab';
import { InventoryTab } from './InventoryTab';
import { ProductionTab } from './ProductionTab';
import type { TabProps } from './ReportState';
import { ReturnsRateTab } from './ReturnsRateTab';
import { ReturnsTab } from './ReturnsTab';
import { SalesTab } from './SalesTab';
import { WasteTab } from './WasteTab';

const TAB_CONTENT = {
  returns: ReturnsTab,
  returnsRate: ReturnsRateTab,
  ageing: AgeingTab,
  sales: SalesTab,
  production: ProductionTab,
  inventory: InventoryTab,
  financial: FinancialTab,
  waste: WasteTab,
} satisfies Record<ReportTab, FunctionComponent<TabProps>>;

export default function ReportsPage() {
  const user = useCurrentUser().data;
  const timeZone = useAppInfo().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const today = businessDate(new Date(), timeZone);
  const search = useSearch();
  const [startDate, setStartDate] = useState<string | null>(null);
  const [endDate, setEndDate] = useState<string | null>(null);
  // Only the tabs of modules the user can read (docs/screens/reports.md).
  const tabs = REPORT_TABS.filter((tab) => user && canRead(user, REPORT_TAB_MODULES[tab]));
  // `?tab=waste` (the Waste page's link) opens that tab when the user may see it.
  const asked = tabs.find((tab) => tab === new URLSearchParams(search).get('tab'));
  const [active, setActive] = useState<ReportTab | null>(asked ?? tabs[0] ?? null);

  const filter = [startDate && `startDate=${startDate}`, endDate && `endDate=${endDate}`]
    .filter(Boolean)
    .join('&');
  const wording = filterWording(
    startDate && formatCalendarDate(startDate),
    endDate && formatCalendarDate(endDate),
  );

  return (
    <>
      <PageHeader
        title="Reports & Analytics"
        subtitle="Comprehensive business insights and performance metrics"
      />
      <Card withBorder radius="lg" p="lg" mb="lg">
        <Text fw={700} mb="sm">
          Filter by Date Range
        </Text>
        <Group align="flex-end" gap="md" wrap="wrap">
          <DateRangeInputs
            startDate={startDate}
            endDate={endDate}
            today={today}
            onStartChange={setStartDate}
            onEndChange={setEndDate}
          />
          <Button
            variant="default"
            disabled={!startDate && !endDate}
            onClick={() => {
              setStartDate(null);
              setEndDate(null);
            }}
          >
            Clear Filters
          </Button>
        </Group>
        {wording && (
          <Text fz="sm" mt="md" data-testid="filter-wording">
            {wording}
          </Text>
        )}
      </Card>
      {tabs.length === 0 ? (
        <Card withBorder radius="lg" p="xl">
          <Text c="dimmed" ta="center">
            No reports are available to you. Ask an administrator for access to a module.
          </Text>
        </Card>
      ) : (
        <Tabs
          value={active}
          onChange={(value) => setActive(value as ReportTab)}
          color="orange"
          keepMounted={false}
        >
          <Tabs.List mb="lg">
            {tabs.map((tab) => (
              <Tabs.Tab key={tab} value={tab}>
                {REPORT_TAB_LABELS[tab]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map((tab) => {
            const Content = TAB_CONTENT[tab];
            return (
              <Tabs.Panel key={tab} value={tab}>
                <Content filter={filter} timeZone={timeZone} />
              </Tabs.Panel>
            );
          })}
        </Tabs>
      )}
    </>
  );
}
