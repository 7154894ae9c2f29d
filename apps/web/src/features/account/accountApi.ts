import { useMutation, useQuery } from '@tanstack/react-query';
import { accountCalls } from '@saathi/contract';
import { request } from '../../api/client';
import { answerText, errorText } from '../../api/errorText';
import { queryClient } from '../../api/queryClient';
import { accountKeys } from '../../api/keys/accountKeys';
import { meKeys } from '../../api/keys/meKeys';
import { showToast } from '../../ui/toastStore';

/** /me is read again so the grace-period banner shows or goes at once. */
const refreshMe = () => queryClient.invalidateQueries({ queryKey: meKeys.all });

export function useRequestDeletion(onDone: () => void) {
  return useMutation({
    mutationFn: (password: string) => request(accountCalls.requestDeletion, { body: { password } }),
    onSuccess: async (response) => {
      showToast('success', answerText(response));
      await refreshMe();
      onDone();
    },
  });
}

export function useCancelDeletion() {
  return useMutation({
    mutationFn: () => request(accountCalls.cancelDeletion, {}),
    onSuccess: async (response) => {
      showToast('success', answerText(response));
      await refreshMe();
    },
    onError: (error) => showToast('error', errorText(error, 'errors.server_error')),
  });
}

/** The latest data download; asked again every few seconds while it is being prepared. */
export function useLatestExport() {
  return useQuery({
    queryKey: accountKeys.latestExport,
    queryFn: ({ signal }) => request(accountCalls.latestExport, { signal }),
    refetchInterval: (query) => (query.state.data?.export?.status === 'building' ? 5_000 : false),
  });
}

export function useRequestExport(onDone: () => void) {
  return useMutation({
    mutationFn: (vaultPassword: string) =>
      request(accountCalls.requestExport, { body: { vaultPassword } }),
    onSuccess: async (response) => {
      showToast('success', answerText(response));
      await queryClient.invalidateQueries({ queryKey: accountKeys.latestExport });
      onDone();
    },
  });
}
