import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { TrendPoint } from '../../../domain/contracts/reports';

const COMPACT = new Intl.NumberFormat('en-NG', { notation: 'compact', maximumFractionDigits: 1 });

export interface TrendBarsProps {
  points: TrendPoint[];
  label: string;
  format: (value: number) => string;
  /** Text before an axis figure, such as ₦. */
  axisPrefix?: string;
  height: number;
}

/** The bars themselves: recharts is most of the Reports page's weight, so it loads on its own. */
export default function TrendBars(props: TrendBarsProps) {
  return (
    <BarChart
      h={props.height}
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
  );
}
