import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { bakePlanApi } from '../../../domain/contracts/bake-plan';
import { call } from '../../api/http';

export type Adjustments = Record<string, number>;

// Any write marks every answer stale (src/web/api/query-client.ts): the plan,
// Production's batches and the purchase orders refetch after these.
export const useBakePlan = (day: string | null, adjustments: Adjustments) =>
  useQuery({
    queryKey: ['/api/bake-plan', day, adjustments],
    queryFn: () =>
      call(bakePlanApi.plan, {
        query: {
          ...(day ? { day } : {}),
          ...(Object.keys(adjustments).length > 0
            ? { adjustments: JSON.stringify(adjustments) }
            : {}),
        },
      }),
    // Typing an adjustment keeps the figures on screen while the new ones come.
    placeholderData: keepPreviousData,
  });

export const useCreatePlanBatches = () =>
  useMutation({
    mutationFn: (input: { day: string; adjustments: Adjustments; again?: boolean }) =>
      call(bakePlanApi.createBatches, { body: input }),
  });

export const useCreatePlanOrders = () =>
  useMutation({
    mutationFn: (input: { day: string; adjustments: Adjustments }) =>
      call(bakePlanApi.createOrders, { body: input }),
  });
