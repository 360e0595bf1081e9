import { useHasOrders } from '../features/orders/api.ts';
import { getAccountMenuItems, isAdminRole } from './accountMenu.ts';
import type { AccountMenuItem } from './accountMenu.ts';
import { useSession } from './session.tsx';

/**
 * The signed-in user's account links (the sidebar and the header's dropdown). For a provider the
 * server is asked once whether they have bought anything, so My Orders shows when they have. An admin
 * also sees the Admin console.
 */
export function useAccountMenuItems(): AccountMenuItem[] {
  const { userId, userType, user } = useSession();
  const hasOrders = useHasOrders(userId, userType === 'Provider');
  return getAccountMenuItems(userType, { hasOrders, isAdmin: isAdminRole(user?.role) });
}
