import {
  IconBuildingFactory2,
  IconCalculator,
  IconCalendarEvent,
  IconChartBar,
  IconChefHat,
  IconHistory,
  IconLayoutDashboard,
  IconPackage,
  IconReceipt2,
  IconShoppingCart,
  IconTag,
  IconTruckDelivery,
} from '@tabler/icons-react';

export const NAV_ICONS: Record<string, typeof IconPackage> = {
  '/': IconLayoutDashboard,
  '/inventory': IconPackage,
  '/purchases': IconShoppingCart,
  '/recipes': IconChefHat,
  '/production': IconBuildingFactory2,
  '/sales': IconReceipt2,
  '/prices': IconTag,
  '/orders': IconCalendarEvent,
  '/distributors': IconTruckDelivery,
  '/accounting': IconCalculator,
  '/reports': IconChartBar,
  '/history': IconHistory,
};
