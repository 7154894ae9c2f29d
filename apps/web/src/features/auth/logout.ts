import i18n from 'i18next';
import { authCalls } from '@saathi/contract';
import { setBlockedAccount } from '../../api/blocked';
import { request } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { clearToken, readToken } from '../../api/token';
import { pageLoad } from '../../api/pageLoad';

/**
 * Spec 001 section 4: revoke the session, forget the token, go to /login with the alert
 * 'Logout success', and reload so no signed-in data stays in memory.
 */
export async function logout(): Promise<void> {
  if (readToken()) {
    try {
      await request(authCalls.logout, {});
    } catch {
      // The server may already consider the session ended; signing out locally must still work.
    }
  }
  clearToken();
  setBlockedAccount(null);
  queryClient.clear();
  window.alert(i18n.t('auth.logoutSuccess'));
  pageLoad.open('/login');
}
