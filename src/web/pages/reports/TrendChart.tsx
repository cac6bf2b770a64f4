import { Box, Card, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { TrendBarsProps } from './TrendBars';

const TrendBars = lazy(() => import('./TrendBars'));

const CHART_HEIGHT = 220;

/**
 * The trend of one figure over the chosen dates, by day or by month. The figures and
 * tables around it show at once; the bars follow when their chunk arrives, in a box
 * of their final height so nothing below moves.
 */
export function TrendChart(props: { title: string } & Omit<TrendBarsProps, 'height'>) {
  const { title, ...bars } = props;
  return (
    <Card withBorder radius="lg" p="lg" data-testid="trend-chart">
      <Title order={2} fz="md" mb="md">
        {title}
      </Title>
      {bars.points.length === 0 ? (
        <Text c="dimmed" fz="sm">
          Nothing to chart for these dates
        </Text>
      ) : (
        <Suspense fallback={<Box h={CHART_HEIGHT} />}>
          <TrendBars {...bars} height={CHART_HEIGHT} />
        </Suspense>
      )}
    </Card>
  );
}
