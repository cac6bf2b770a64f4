import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { type WasteRecord, wasteApi } from '../../../domain/contracts/waste';
import type { WriteOffInput } from '../../../domain/waste';
import { call } from '../../api/http';

/** Write-offs shown at a time, "Show more" for the rest. */
const WRITE_OFFS_PAGE = 20;

// Any write marks every answer stale (src/web/api/query-client.ts): a sale, a
// dispatch, a settlement or a batch completed refreshes the shelf, and a
// write-off refreshes Sales, the dashboard and the reports, by themselves.
export const wasteKeys = {
  shelf: ['/api/waste', 'shelf'] as const,
  list: ['/api/waste', 'list'] as const,
};

export const useWasteShelf = () =>
  useQuery({ queryKey: wasteKeys.shelf, queryFn: () => call(wasteApi.shelf) });

export const useWriteOffs = () =>
  useInfiniteQuery({
    queryKey: wasteKeys.list,
    queryFn: ({ pageParam }: { pageParam: number }) =>
      call(wasteApi.list, { query: { limit: WRITE_OFFS_PAGE, offset: pageParam } }),
    initialPageParam: 0,
    getNextPageParam: (last: WasteRecord[], pages: WasteRecord[][]) =>
      last.length < WRITE_OFFS_PAGE ? undefined : pages.length * WRITE_OFFS_PAGE,
  });

export const useWriteOff = () =>
  useMutation({
    mutationFn: (input: WriteOffInput) => call(wasteApi.writeOff, { body: input }),
  });
