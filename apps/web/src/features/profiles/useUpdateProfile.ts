import { useMutation } from '@tanstack/react-query';
import { profileCalls } from '@saathi/contract';
import { requestMultipart } from '../../api/client';
import { answerText } from '../../api/errorText';
import { queryClient } from '../../api/queryClient';
import { meKeys } from '../../api/keys/meKeys';
import { postKeys } from '../../api/keys/postKeys';
import { showToast } from '../../ui/toastStore';
import { profileFields, type ProfileChange } from './profileRules';

/** Sends the own profile change; the new user replaces /me so every screen shows it at once. */
export function useUpdateProfile(onDone: () => void) {
  return useMutation({
    mutationFn: (change: ProfileChange) =>
      requestMultipart(profileCalls.update, {
        fields: profileFields(change),
        files: change.photo ? [['photo', change.photo]] : [],
      }),
    onSuccess: (response) => {
      queryClient.setQueryData(meKeys.all, { success: true, user: response.user });
      showToast('success', answerText(response));
      onDone();
      // Own posts carry the author's name and photo.
      return queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}
