import { useQuery } from '@tanstack/react-query';
import { authCalls, type AuthResponse, type SelfUser } from '@saathi/contract';
import { useBlockedAccount, setBlockedAccount, type BlockedAccount } from './blocked';
import { request } from './client';
import { queryClient } from './queryClient';
import { meKeys } from './keys/meKeys';
import { saveToken, useToken } from './token';

export interface Session {
  token: string | null;
  user: SelfUser | undefined;
  isLoading: boolean;
  /** Why GET /api/v1/me failed (a signed-out 401 clears the token instead); null otherwise. */
  error: Error | null;
  blocked: BlockedAccount | null;
}

/** The signed-in user from GET /api/v1/me, and whether the account is blocked. */
export function useSession(): Session {
  const token = useToken();
  const blockedByServer = useBlockedAccount();
  const me = useQuery({
    queryKey: meKeys.all,
    queryFn: ({ signal }) => request(authCalls.me, { signal }),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
  const user = token ? me.data?.user : undefined;
  const blockedUser: BlockedAccount | null =
    user?.block.status === 'true'
      ? { name: user.name, number: user.number, blockedAt: user.block.blockedAt }
      : null;
  return {
    token,
    user,
    isLoading: token !== null && me.isPending,
    error: token ? me.error : null,
    blocked: blockedByServer ?? blockedUser,
  };
}

/** Stores the session of a successful sign-in or sign-up. */
export function completeSignIn(response: AuthResponse): void {
  setBlockedAccount(null);
  queryClient.setQueryData(meKeys.all, { success: true, user: response.user });
  saveToken(response.Token);
}
