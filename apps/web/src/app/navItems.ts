import { Briefcase, CircleHelp, House, Mic, Siren, UserRound, type LucideIcon } from 'lucide-react';
import type { Resources, TextKey } from '../i18n/resources';

/** `Ns`: the namespace its label is read from. */
export interface NavItem<Ns extends keyof Resources = 'translation'> {
  to: string;
  labelKey: TextKey<Ns>;
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
