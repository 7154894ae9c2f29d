import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { meResponse, salahCalls, type SelfUser } from '@saathi/contract';
import { request } from '../../api/client';
import { errorText } from '../../api/errorText';
import { queryClient } from '../../api/queryClient';
import { meKeys } from '../../api/keys/meKeys';
import { showToast, toastStyles } from '../../ui/toastStore';
import { useSession } from '../../api/session';

type Reminder = SelfUser['remindSalah'];
type MeResponse = z.infer<typeof meResponse>;

/** Changes the cached signed-in user; answers the value it replaced. */
function setCachedReminder(value: Reminder): Reminder | undefined {
  const previous = queryClient.getQueryData<MeResponse>(meKeys.all)?.user.remindSalah;
  queryClient.setQueryData<MeResponse>(meKeys.all, (me) =>
    me ? { ...me, user: { ...me.user, remindSalah: value } } : me,
  );
  return previous;
}

/**
 * Spec 001: the switch changes at once, then the value goes to the server. Taps go out one
 * after another (one mutation scope), so the last tap is what the server keeps; a failure
 * puts the switch back and says so (the spec only logged it, leaving a switch that lies).
 */
export function useSalahReminder() {
  const { user } = useSession();
  const mutation = useMutation({
    scope: { id: 'salah-reminder' },
    mutationFn: (change: { value: Reminder; previous: Reminder | undefined }) =>
      request(salahCalls.update, { body: { remindSalah: change.value } }),
    onError: (error, change) => {
      if (change.previous) setCachedReminder(change.previous);
      showToast('error', errorText(error, 'salah:saveFailed'), toastStyles.user);
      void queryClient.invalidateQueries({ queryKey: meKeys.all });
    },
  });
  return {
    on: user?.remindSalah === 'on',
    ready: user !== undefined,
    set: (on: boolean) => {
      const value = on ? 'on' : 'off';
      // At once, before the request (which may wait for an earlier tap's).
      mutation.mutate({ value, previous: setCachedReminder(value) });
    },
  };
}
