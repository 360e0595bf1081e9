import type { TAdminDashboard } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_QUERY_KEY, adminGet } from './adminApi.ts';

/** The Dashboard's answer (`GET /api/admin/dashboard`, contract §7); amounts in dollars. */
export type Dashboard = TAdminDashboard;
export type DashboardQueues = TAdminDashboard['queues'];

export const DASHBOARD_QUERY_KEY = [...ADMIN_QUERY_KEY, 'dashboard'] as const;

export function useDashboard() {
  return useQuery({
    queryKey: DASHBOARD_QUERY_KEY,
    queryFn: ({ signal }) =>
      adminGet<{ data: Dashboard }>('/admin/dashboard', undefined, signal).then((res) => res.data),
    refetchInterval: 60_000,
  });
}
