import i18n from 'i18next';
import { showToast } from '../ui/toastStore';

/**
 * For a tap that must reach the server (like, comment, follow, report, delete, mark read):
 * offline it says so at once and returns true, instead of a change that silently fails.
 */
export function refuseOffline(): boolean {
  if (navigator.onLine) return false;
  showToast('error', i18n.t('offline.action'));
  return true;
}
