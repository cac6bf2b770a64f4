import { Button, Card, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadingLine } from './LoadingLine';

/**
 * A list's four states in one place: loading, failed, empty (that screen's words
 * in docs/screens/), or the list itself.
 */
export function ListState(props: {
  query: { isPending: boolean; isError: boolean };
  isEmpty: boolean;
  loading: string;
  failed: string;
  empty: string;
  children: ReactNode;
}) {
  if (props.query.isPending) return <LoadingLine label={props.loading} />;
  if (props.query.isError) return <Text c="red">{props.failed}</Text>;
  if (props.isEmpty) {
    return (
      <Card withBorder radius="lg" p="xl">
        <Text c="dimmed" ta="center">
          {props.empty}
        </Text>
      </Card>
    );
  }
  return props.children;
}

/** "Show more …" under a paged list, while the server has more pages. */
export function ShowMoreButton(props: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  label: string;
}) {
  if (!props.query.hasNextPage) return null;
  return (
    <Button
      variant="default"
      mx="auto"
      loading={props.query.isFetchingNextPage}
      onClick={() => props.query.fetchNextPage()}
    >
      {props.label}
    </Button>
  );
}
