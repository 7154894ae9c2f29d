import type { RouteObject } from 'react-router';
import { AdminLayout } from './AdminLayout';
import { adminHome } from './adminSections';

/**
 * /admin and its sections. Each section's screen lives in its own folder under
 * features/admin and loads on demand: drivers never download the console.
 */
export const adminRoute: RouteObject = {
  path: adminHome,
  element: <AdminLayout />,
  children: [
    {
      index: true,
      lazy: async () => ({
        Component: (await import('./dashboard/DashboardScreen')).DashboardScreen,
      }),
    },
    {
      path: 'users',
      lazy: async () => ({ Component: (await import('./users/UsersScreen')).UsersScreen }),
    },
    {
      path: 'users/:userId',
      lazy: async () => ({ Component: (await import('./users/UserScreen')).UserScreen }),
    },
    {
      path: 'audit',
      lazy: async () => ({ Component: (await import('./audit/AuditScreen')).AuditScreen }),
    },
    {
      path: 'reports',
      lazy: async () => ({
        Component: (await import('./reports/ReportsScreen')).ReportsScreen,
      }),
    },
    {
      path: 'content',
      lazy: async () => ({
        Component: (await import('./content/ContentScreen')).ContentScreen,
      }),
    },
    {
      path: 'help',
      lazy: async () => ({
        Component: (await import('./help/AdminHelpScreen')).AdminHelpScreen,
      }),
    },
  ],
};
