import { SimpleGrid, Stack } from '@mantine/core';
import type { IconPackage } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { ListState, ShowMoreButton } from './ListState';
import { type AddAction, AddButton } from './PageActions';
import { PageHeader } from './PageHeader';
import { StatCard } from './StatCard';

/** A figure above the list; '—' until the summary has loaded. */
export interface PageStat {
  label: string;
  value: number | undefined;
  icon: typeof IconPackage;
  colour: string;
}

/** What the page needs of a paged list query: its pages and the next one. */
interface PagedQuery<T> {
  data?: { pages: T[][] };
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * A page of cards read a page at a time (Production, Purchase Orders): the
 * header with its add button for those who may write (`add` false for the
 * others), the summary's figures, then the cards with "Show more" under them.
 */
export function PagedListPage<T extends { id: string }>(props: {
  title: string;
  subtitle: string;
  add: AddAction | false;
  stats: PageStat[];
  query: PagedQuery<T>;
  text: { loading: string; failed: string; empty: string; more: string };
  card: (item: T) => ReactNode;
}) {
  const list = props.query.data?.pages.flat() ?? [];
  return (
    <>
      <PageHeader
        title={props.title}
        subtitle={props.subtitle}
        actions={props.add && <AddButton {...props.add} />}
      />
      <SimpleGrid cols={props.stats.length} spacing="md" mb="lg" maw={560}>
        {props.stats.map((stat) => (
          <StatCard
            key={stat.label}
            label={stat.label}
            value={stat.value ?? '—'}
            icon={stat.icon}
            colour={stat.colour}
          />
        ))}
      </SimpleGrid>
      <ListState
        query={props.query}
        isEmpty={list.length === 0}
        loading={props.text.loading}
        failed={props.text.failed}
        empty={props.text.empty}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {list.map((item) => (
              <Fragment key={item.id}>{props.card(item)}</Fragment>
            ))}
          </SimpleGrid>
          <ShowMoreButton query={props.query} label={props.text.more} />
        </Stack>
      </ListState>
    </>
  );
}
