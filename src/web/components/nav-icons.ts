import {
  IconBuildingFactory2,
  IconCalculator,
  IconChartBar,
  IconChefHat,
  IconHistory,
  IconLayoutDashboard,
  IconPackage,
  IconReceipt2,
  IconShoppingCart,
  IconTruckDelivery,
} from '@tabler/icons-react';

export const NAV_ICONS: Record<string, typeof IconPackage> = {
  '/': IconLayoutDashboard,
  '/inventory': IconPackage,
  '/purchases': IconShoppingCart,
  '/recipes': IconChefHat,
  '/production': IconBuildingFactory2,
  '/sales': IconReceipt2,
  '/distributors': IconTruckDelivery,
  '/accounting': IconCalculator,
  '/reports': IconChartBar,
  '/history': IconHistory,
};
