import { useMutation, useQuery } from '@tanstack/react-query';
import { helpCalls, type HelpRequestInput, type TeamContact } from '@saathi/contract';
import i18n from 'i18next';
import { request } from '../../api/client';
import { ApiError } from '../../api/errors';
import { errorText } from '../../api/errorText';
import { showToast, toastStyles } from '../../ui/toastStore';

export const teamContactsKey = ['help', 'team-contacts'] as const;
const savedContactsKey = 'saathi.teamContacts';

/** The last list seen, so the SOS's SMS fallback knows a number when the phone is offline. */
function savedContacts(): TeamContact[] | undefined {
  try {
    const parsed = helpCalls.teamContacts.response.shape.contacts.safeParse(
      JSON.parse(localStorage.getItem(savedContactsKey) ?? 'null'),
    );
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The Call Our Team entries; admins change them, so they come from the server. */
export function useTeamContacts() {
  return useQuery({
    queryKey: teamContactsKey,
    queryFn: async () => {
      const { contacts } = await request(helpCalls.teamContacts, {});
      localStorage.setItem(savedContactsKey, JSON.stringify(contacts));
      return contacts;
    },
    initialData: savedContacts,
    // Saved data is shown at once but always checked against the server.
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
  });
}

export const sendHelpRequest = (body: HelpRequestInput) => request(helpCalls.send, { body });

/**
 * Sends a help request with the spec's toasts: 'Request sent to Admin', the server's reason
 * when it refused ('Request failed. Try again.' when it gave none), 'Something went wrong.'
 * when the request never got an answer.
 */
export function useSendHelp() {
  return useMutation({
    mutationFn: sendHelpRequest,
    onSuccess: () => showToast('success', i18n.t('help:sent'), toastStyles.user),
    onError: (error) => {
      const answered = error instanceof ApiError && !error.isNetwork;
      showToast(
        'error',
        answered ? errorText(error, 'help:failed') : i18n.t('help:exception'),
        toastStyles.user,
      );
    },
  });
}
