import { Briefcase, CircleHelp, House, Mic, Siren, UserRound, type LucideIcon } from 'lucide-react';

export interface NavItem {
  to: string;
  labelKey: string;
  icon: LucideIcon;
}

export const navItems: readonly NavItem[] = [
  { to: '/', labelKey: 'nav.feed', icon: House },
  { to: '/emergency', labelKey: 'nav.emergency', icon: Siren },
  { to: '/business', labelKey: 'nav.business', icon: Briefcase },
  { to: '/voice-chat', labelKey: 'nav.voiceChat', icon: Mic },
  { to: '/my/profile', labelKey: 'nav.profile', icon: UserRound },
  { to: '/help', labelKey: 'nav.help', icon: CircleHelp },
];
