import { useInfiniteQuery } from '@tanstack/react-query';
import { statementLinksApi } from '../../../domain/contracts/statement-links';
import { call } from '../../api/http';

/** The dates asked for; none: the server's default, this month so far. */
export interface Period {
  startDate: string;
  endDate: string;
}

/** The statement a link opens, its lines 500 at a time, as the bakery's statement page pages them. */
export const usePublicStatement = (token: string, period: Period | null) =>
  useInfiniteQuery({
    queryKey: ['/api/public/statements', token, period?.startDate, period?.endDate],
    queryFn: ({ pageParam }) =>
      call(statementLinksApi.open, {
        params: { token },
        query: { ...period, after: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
    // Other dates keep the statement on screen until theirs arrives.
    placeholderData: (previous) => previous,
  });
