import { Card, Group, Text } from '@mantine/core';
import type { IconPackage } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import './stat-card.css';

/** A figure with its label and icon, at the top of a page. */
export function StatCard(props: {
  label: string;
  value: ReactNode;
  icon: typeof IconPackage;
  colour: string;
  note?: ReactNode;
}) {
  // A figure's length, so a long one is drawn smaller instead of past the card (stat-card.css).
  const chars =
    typeof props.value === 'string' || typeof props.value === 'number'
      ? String(props.value).length
      : undefined;
  return (
    <Card withBorder radius="lg" p="md" className="stat-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text c="dimmed" fz="sm">
            {props.label}
          </Text>
          {/* A figure such as -₦4,999.50 stays on one line, not split at its minus sign. */}
          <Text
            fw={700}
            className="stat-card-figure"
            data-testid="stat-figure"
            style={{ '--figure-chars': chars } as CSSProperties}
          >
            {props.value}
          </Text>
          {props.note && (
            <Text fz="xs" c="dimmed">
              {props.note}
            </Text>
          )}
        </div>
        <props.icon size={32} color={`var(--mantine-color-${props.colour}-6)`} aria-hidden />
      </Group>
    </Card>
  );
}
