import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { statementLinksApi } from '../../../domain/contracts/statement-links';
import { call } from '../../api/http';

/** Links listed per page in the dialog. */
export const LINKS_PAGE = 20;

/** The distributor's links, newest first, LINKS_PAGE at a time; asked for while the dialog is open. */
export const useStatementLinks = (id: string | null) =>
  useInfiniteQuery({
    queryKey: ['/api/distributors', id ?? '', 'statement-links'],
    queryFn: ({ pageParam }) =>
      call(statementLinksApi.list, {
        params: { id: id ?? '' },
        query: { limit: LINKS_PAGE, offset: pageParam },
      }),
    initialPageParam: 0,
    getNextPageParam: (page, pages) =>
      page.length === LINKS_PAGE ? pages.length * LINKS_PAGE : undefined,
    enabled: id !== null,
    // A distributor opening a link changes "Last opened" with no write of the
    // bakery's to mark the list stale: each opening of the dialog asks again.
    refetchOnMount: 'always',
  });

/** Any write refreshes the list (query-client.ts), so a new or revoked link shows at once. */
export const useCreateStatementLink = () =>
  useMutation({
    mutationFn: ({ id, expiresInDays }: { id: string; expiresInDays: number }) =>
      call(statementLinksApi.create, { params: { id }, body: { expiresInDays } }),
  });

export const useRevokeStatementLink = () =>
  useMutation({
    mutationFn: (id: string) => call(statementLinksApi.revoke, { params: { id } }),
  });
