import { Table, type TableProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import './stacked-table.css';

/**
 * A table that, on a phone, draws each row as a card instead of scrolling
 * sideways: the figures a person acts on stay on screen. From Mantine's `sm`
 * breakpoint up it is the table it was, scrolling inside its box below
 * `minWidth`. The markup is the same at every width (the rows, cells and
 * column headers a screen reader or a test reads do not change); on a phone
 * (stacked-table.css) the first cell is the card's title, and every other cell a
 * tile headed by its `data-label` (its column's name; none for a button),
 * `phoneColumns` tiles a row (a CSS grid-template-columns; by default as many of
 * 5rem as fit), and a cell marked `data-wide` takes a row of its own. A cell
 * marked `data-figure` is right-aligned in the table, not in its tile (Mantine's
 * `ta` is an inline style the phone's layout could not undo).
 */
export function StackedTable({
  minWidth,
  phoneColumns,
  ...props
}: Omit<TableProps, 'style'> & { minWidth: number; phoneColumns?: string }) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      classNames={{ scrollContainerInner: 'stacked-table-inner' }}
    >
      <Table
        data-stacked
        style={{ '--stacked-columns': phoneColumns } as CSSProperties}
        {...props}
      />
    </Table.ScrollContainer>
  );
}
