import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { lazyScreen } from '../../app/lazyScreen';
import { AdminLayout } from './AdminLayout';

/** A section's screen, loaded when first opened, with the texts it needs beside it. */
const section = (load: () => Promise<ComponentType>, namespaces: readonly string[] = []) =>
  lazy(async () => ({ default: (await lazyScreen(load, namespaces)()).Component }));

const DashboardScreen = section(
  async () => (await import('./dashboard/DashboardScreen')).DashboardScreen,
);
const UsersScreen = section(async () => (await import('./users/UsersScreen')).UsersScreen);
const UserScreen = section(async () => (await import('./users/UserScreen')).UserScreen);
const AuditScreen = section(async () => (await import('./audit/AuditScreen')).AuditScreen);
const ReportsScreen = section(
  async () => (await import('./reports/ReportsScreen')).ReportsScreen,
  ['admin-reports'],
);
const ContentScreen = section(
  async () => (await import('./content/ContentScreen')).ContentScreen,
  ['admin-content'],
);
const AdminHelpScreen = section(
  async () => (await import('./help/AdminHelpScreen')).AdminHelpScreen,
  ['adminHelp', 'admin-content', 'help'],
);

/**
 * /admin/* and its sections. The app's route table only points here: the console's frame, its
 * routes and texts load when /admin is opened (drivers never download them), each section's
 * screen when that section is.
 */
export function AdminConsole() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<DashboardScreen />} />
        <Route path="users" element={<UsersScreen />} />
        <Route path="users/:userId" element={<UserScreen />} />
        <Route path="audit" element={<AuditScreen />} />
        <Route path="reports" element={<ReportsScreen />} />
        <Route path="content" element={<ContentScreen />} />
        <Route path="help" element={<AdminHelpScreen />} />
      </Route>
    </Routes>
  );
}
