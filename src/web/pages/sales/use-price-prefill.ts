import { useEffect, useRef } from 'react';
import { useSalePrice } from '../prices/queries';

/**
 * Record Sale's price per loaf, filled in from the distributor's price of the
 * bread today once both are chosen. Filled once per pair: a price typed by
 * hand stays until the distributor or the bread changes (a refetch of the
 * same pair's price does not overwrite it).
 */
export function usePricePrefill(
  distributorId: string | null,
  recipeName: string | null,
  opened: boolean,
  fill: (price: number) => void,
) {
  const price = useSalePrice(opened ? distributorId : null, recipeName);
  const filledFor = useRef<string | null>(null);
  const pair = `${distributorId ?? ''}|${recipeName ?? ''}`;
  const found = price.data?.pricePerLoaf;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `fill` is new on every render; only the pair and its price matter
  useEffect(() => {
    if (!opened) {
      filledFor.current = null;
      return;
    }
    if (found === undefined || found === null || filledFor.current === pair) return;
    filledFor.current = pair;
    fill(found);
  }, [opened, pair, found]);

  return price.data;
}
