import { ClipboardList, Flag, LayoutDashboard, LifeBuoy, Newspaper, Users } from 'lucide-react';
import type { NavItem } from '../../app/navItems';

/** The dashboard, the one section whose link must match its path exactly. */
export const adminHome = '/admin';

/** The console's tabs, in the order a shift works through them (labels in the admin texts). */
export const adminSections: readonly NavItem<'admin'>[] = [
  { to: adminHome, labelKey: 'nav.dashboard', icon: LayoutDashboard },
  { to: '/admin/help', labelKey: 'nav.help', icon: LifeBuoy },
  { to: '/admin/reports', labelKey: 'nav.reports', icon: Flag },
  { to: '/admin/users', labelKey: 'nav.users', icon: Users },
  { to: '/admin/content', labelKey: 'nav.content', icon: Newspaper },
  { to: '/admin/audit', labelKey: 'nav.audit', icon: ClipboardList },
];
