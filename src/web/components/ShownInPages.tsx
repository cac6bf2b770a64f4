import { Group, Text } from '@mantine/core';
import { useState } from 'react';
import { countOf } from '../../domain/words';
import { ShowMoreButton } from './ListState';

/**
 * A list the server answers whole (the spec's call shape), drawn `page` rows
 * at a time: hundreds of distributors' cards at once are slow to draw on a
 * cheap phone and to scroll past. Returns the rows to draw and the pager.
 */
export function useShownInPages<T>(rows: readonly T[], page: number) {
  const [shown, setShown] = useState(page);
  return {
    rows: rows.slice(0, shown),
    total: rows.length,
    hasNextPage: shown < rows.length,
    isFetchingNextPage: false,
    fetchNextPage: () => setShown((count) => count + page),
    /** Back to the first page, when what the list shows changes (a search, a filter). */
    reset: () => setShown(page),
  };
}

/** "30 of 500 distributors" and the button that draws the next page; nothing on the last page. */
export function MoreRows(props: {
  pages: ReturnType<typeof useShownInPages<unknown>>;
  noun: string;
  label: string;
  testId?: string;
}) {
  const { pages } = props;
  if (!pages.hasNextPage) return null;
  return (
    <Group justify="space-between" mt="md" gap="xs" data-testid={props.testId}>
      <Text fz="sm" c="dimmed">
        {pages.rows.length} of {countOf(pages.total, props.noun)}
      </Text>
      <ShowMoreButton query={pages} label={props.label} />
    </Group>
  );
}
