import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { helpCalls, type HelpQueueFilter } from '@saathi/contract';
import { request } from '../../../api/client';
import { errorText } from '../../../api/errorText';
import { showToast } from '../../../ui/toastStore';
import { helpKeys } from '../../../api/keys/helpKeys';
import { adminKeys } from '../adminKeys';

export function useHelpQueue(filter: HelpQueueFilter) {
  return useInfiniteQuery({
    queryKey: adminKeys.helpQueue(filter),
    queryFn: ({ pageParam, signal }) =>
      request(helpCalls.adminList, { query: { status: filter, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useHelpDetail(id: string, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.helpRequest(id),
    queryFn: ({ signal }) => request(helpCalls.adminGet, { params: { id }, signal }),
    enabled,
  });
}

const failed = (error: unknown) => showToast('error', errorText(error, 'adminHelp:failed'));

/** Claim, note and resolve; the stream also refreshes every open console. */
export function useHelpActions(id: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: adminKeys.help });
  return {
    claim: useMutation({
      mutationFn: () => request(helpCalls.claim, { params: { id } }),
      onSuccess: refresh,
      onError: failed,
    }),
    note: useMutation({
      mutationFn: (text: string) => request(helpCalls.addNote, { params: { id }, body: { text } }),
      onSuccess: refresh,
      onError: failed,
    }),
    resolve: useMutation({
      mutationFn: (answer: string) =>
        request(helpCalls.resolve, { params: { id }, body: { answer } }),
      onSuccess: refresh,
      onError: failed,
    }),
  };
}

export interface TeamContactInput {
  name: string;
  /** Blank or null: drivers reading in Hindi see `name`. */
  nameHi: string | null;
  number: string;
  position: number;
}

export function useTeamContactActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: helpKeys.teamContacts });
  return {
    create: useMutation({
      mutationFn: (body: TeamContactInput) => request(helpCalls.createTeamContact, { body }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...body }: TeamContactInput & { id: string }) =>
        request(helpCalls.updateTeamContact, { params: { id }, body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => request(helpCalls.deleteTeamContact, { params: { id } }),
      // No toast on failure: the confirm dialog shows what went wrong.
      onSuccess: refresh,
    }),
  };
}
