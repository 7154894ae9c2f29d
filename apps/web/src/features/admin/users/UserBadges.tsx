import { useTranslation } from 'react-i18next';
import type { AdminUserSummary } from '@saathi/contract';

import { Badge } from '../../../ui/Badge';

const verificationTone = {
  verified: 'green',
  rejected: 'red',
  pending: 'amber',
  not_required: 'amber',
} as const;

/** Role, verification and block state, as short coloured words. */
export function UserBadges({ user }: { user: AdminUserSummary }) {
  const { t } = useTranslation('admin');
  return (
    <span className="flex flex-wrap gap-1">
      <Badge tone="grey">{t(`users.type.${user.usertype}`)}</Badge>
      {user.usertype === 'driver' && (
        <Badge tone={verificationTone[user.verification]}>
          {t(`users.verification.${user.verification}`)}
        </Badge>
      )}
      {user.blocked && <Badge tone="alarm">{t('users.blocked')}</Badge>}
    </span>
  );
}
