import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { creditApi } from '../../../domain/contracts/credit';
import { type ReportAnswers, reportsApi } from '../../../domain/contracts/reports';
import type { ReportQuery } from '../../../domain/reports';
import { call, urlOf } from '../../api/http';

export const reportKeys = {
  tab: (tab: string, filter: string) => ['/api/reports', tab, filter] as const,
};

/** The dates of the page's filter (`startDate=…&endDate=…`), as a report call takes them. */
const datesOf = (filter: string): ReportQuery => Object.fromEntries(new URLSearchParams(filter));

/** The tabs read over the page's dates; Ageing is read at one day instead (useAgeing). */
export type DatedTab = keyof ReportAnswers;

/** Each dated tab's call; a tab's answer is its own report. */
const REPORTS: { [Tab in DatedTab]: (dates: ReportQuery) => Promise<ReportAnswers[Tab]> } = {
  returns: (dates) => call(reportsApi.returns, { query: dates }),
  returnsRate: (dates) => call(reportsApi.returnsRate, { query: dates }),
  sales: (dates) => call(reportsApi.sales, { query: dates }),
  production: (dates) => call(reportsApi.production, { query: dates }),
  // Stock as it is now: the dates do not apply.
  inventory: () => call(reportsApi.inventory),
  financial: (dates) => call(reportsApi.financial, { query: dates }),
  waste: (dates) => call(reportsApi.waste, { query: dates }),
};

/** One report call per tab; `filter` is the query string of the chosen dates. */
export const useReport = <Tab extends DatedTab>(tab: Tab, filter: string) =>
  useQuery({
    queryKey: reportKeys.tab(tab, filter),
    queryFn: () => REPORTS[tab](datesOf(filter)),
    // Reports sum what other pages change; each visit reads them afresh.
    refetchOnMount: 'always',
  });

/** Rows per page of the returns history (the server's default limit). */
export const HISTORY_PAGE = 100;

/** A page of the returns history: the newest, or those older than `before`. */
export const useReturnsHistory = (filter: string, before: string | undefined) =>
  useQuery({
    queryKey: [...reportKeys.tab('returns/history', filter), before] as const,
    queryFn: () => call(reportsApi.returnsHistory, { query: { ...datesOf(filter), before } }),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });

/** The server's CSV of every return in the dates. */
export const returnsHistoryCsvUrl = (filter: string) =>
  urlOf(reportsApi.returnsHistoryCsv, { query: datesOf(filter) });

/** The server's CSV of the returns rate in the dates, with its total line. */
export const returnsRateCsvUrl = (filter: string) =>
  urlOf(reportsApi.returnsRateCsv, { query: datesOf(filter) });

/** The server's CSV of every write-off in the dates, then their total. */
export const wasteCsvUrl = (filter: string) =>
  urlOf(reportsApi.wasteCsv, { query: datesOf(filter) });

/** Receivables by distributor, aged at the end of `asOf` (a bakery day). */
export const useAgeing = (asOf: string) =>
  useQuery({
    queryKey: reportKeys.tab('ageing', asOf),
    queryFn: () => call(creditApi.ageing, { query: { asOf } }),
    // Another day's figures keep the table on screen until they arrive.
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });

/** The server's CSV of the ageing at `asOf`, every distributor owing and the total line. */
export const ageingCsvUrl = (asOf: string) => urlOf(creditApi.ageingCsv, { query: { asOf } });
