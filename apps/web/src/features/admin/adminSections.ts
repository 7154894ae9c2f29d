import {
  ClipboardList,
  Flag,
  LayoutDashboard,
  LifeBuoy,
  Newspaper,
  Users,
  type LucideIcon,
} from 'lucide-react';

export interface AdminSection {
  /** Relative to /admin; '' is the dashboard. */
  path: string;
  labelKey: string;
  icon: LucideIcon;
}

/** The console's tabs, in the order a shift works through them. */
export const adminSections: readonly AdminSection[] = [
  { path: '', labelKey: 'nav.dashboard', icon: LayoutDashboard },
  { path: 'help', labelKey: 'nav.help', icon: LifeBuoy },
  { path: 'reports', labelKey: 'nav.reports', icon: Flag },
  { path: 'users', labelKey: 'nav.users', icon: Users },
  { path: 'content', labelKey: 'nav.content', icon: Newspaper },
  { path: 'audit', labelKey: 'nav.audit', icon: ClipboardList },
];
