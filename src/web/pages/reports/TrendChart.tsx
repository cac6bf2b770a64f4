import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Text, Title } from '@mantine/core';
import type { TrendPoint } from '../../../domain/reports';

const COMPACT = new Intl.NumberFormat('en-NG', { notation: 'compact', maximumFractionDigits: 1 });

/** The trend of one figure over the chosen dates, by day or by month. */
export function TrendChart(props: {
  title: string;
  points: TrendPoint[];
  label: string;
  format: (value: number) => string;
  /** Text before an axis figure, such as ₦. */
  axisPrefix?: string;
}) {
  return (
    <Card withBorder radius="lg" p="lg" data-testid="trend-chart">
      <Title order={3} fz="md" mb="md">
        {props.title}
      </Title>
      {props.points.length === 0 ? (
        <Text c="dimmed" fz="sm">
          Nothing to chart for these dates
        </Text>
      ) : (
        <BarChart
          h={220}
          data={props.points}
          dataKey="period"
          series={[{ name: 'value', label: props.label, color: 'orange.6' }]}
          valueFormatter={props.format}
          // The axis uses short figures (₦120K) so they fit; the tooltip shows them in full.
          yAxisProps={{
            width: 64,
            tickFormatter: (value: number) => `${props.axisPrefix ?? ''}${COMPACT.format(value)}`,
          }}
          maxBarWidth={48}
          tickLine="y"
          gridAxis="y"
        />
      )}
    </Card>
  );
}
