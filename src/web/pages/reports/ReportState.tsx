import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ReportAnswers } from '../../../domain/contracts/reports';
import { csvAmount } from '../../../domain/csv';
import {
  INVENTORY_CATEGORY_LABELS,
  type InventoryCategory,
} from '../../../domain/inventory-schemas';
import { formatNaira } from '../../../domain/money';
import { LoadingLine } from '../../components/LoadingLine';
import { type DatedTab, useReport } from './queries';
import type { Column } from './ReportTable';

export interface TabProps {
  filter: string;
  timeZone: string;
}

export const count = (value: number) => value.toLocaleString('en-NG');

export const money = <T,>(header: string, value: (row: T) => number): Column<T> => ({
  header,
  text: (row) => formatNaira(value(row)),
  csv: (row) => csvAmount(value(row)),
  align: 'right',
});

export const categoryLabel = (category: string) =>
  INVENTORY_CATEGORY_LABELS[category as InventoryCategory] ?? category;

/**
 * Loads one tab's report, then shows it; the same three states on every tab.
 * The report's type follows from `tab`.
 */
export function ReportState<Tab extends DatedTab>(props: {
  tab: Tab;
  filter: string;
  children: (report: ReportAnswers[Tab]) => ReactNode;
}) {
  const report = useReport(props.tab, props.filter);
  if (report.isPending) return <LoadingLine label="Loading report..." />;
  if (report.isError) return <Text c="red">Failed to load the report</Text>;
  return <Stack gap="lg">{props.children(report.data)}</Stack>;
}
