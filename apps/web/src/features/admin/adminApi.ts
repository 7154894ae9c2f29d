import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import {
  adminCalls,
  adminUserCalls,
  auditCalls,
  type AdminUserFilter,
  type AttentionCounts,
} from '@saathi/contract';
import { request } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { adminKeys } from './adminKeys';

export function useDashboard() {
  return useQuery({
    queryKey: adminKeys.dashboard,
    queryFn: ({ signal }) => request(adminCalls.dashboard, { signal }),
  });
}

/** The stream's `counts` event replaces the dashboard's counts without a reload. */
export function setLiveCounts(counts: AttentionCounts): void {
  queryClient.setQueryData(adminKeys.dashboard, (old: ReturnType<typeof useDashboard>['data']) =>
    old ? { ...old, counts } : old,
  );
}

export function useUserSearch(q: string, filter: AdminUserFilter) {
  return useInfiniteQuery({
    queryKey: adminKeys.users(q, filter),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      request(adminUserCalls.search, { query: { q, filter, cursor: pageParam }, signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useAdminUser(userId: string) {
  return useQuery({
    queryKey: adminKeys.user(userId),
    queryFn: ({ signal }) => request(adminUserCalls.detail, { params: { userId }, signal }),
  });
}

export function useAuditLog(action: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.audit(action),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      request(auditCalls.list, {
        query: { action: action || undefined, cursor: pageParam },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export type UserAction =
  | { kind: 'verify' }
  | { kind: 'reject'; reason: string }
  | { kind: 'block'; reason: string }
  | { kind: 'unblock' | 'promote' | 'demote'; reason?: string };

function run(userId: string, action: UserAction) {
  const params = { userId };
  switch (action.kind) {
    case 'verify':
      return request(adminUserCalls.verify, { params, body: { outcome: 'verified' } });
    case 'reject':
      return request(adminUserCalls.verify, {
        params,
        body: { outcome: 'rejected', reason: action.reason },
      });
    case 'block':
      return request(adminUserCalls.block, { params, body: { reason: action.reason } });
    case 'unblock':
      return request(adminUserCalls.unblock, { params, body: { reason: action.reason } });
    case 'promote':
      return request(adminUserCalls.promote, { params, body: { reason: action.reason } });
    case 'demote':
      return request(adminUserCalls.demote, { params, body: { reason: action.reason } });
  }
}

/** Every action on an account; afterwards the lists, the page and the log are read again. */
export function useUserAction(userId: string) {
  return useMutation({
    mutationFn: (action: UserAction) => run(userId, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useCreateAdmin() {
  return useMutation({
    mutationFn: (body: { name: string; number: string; password: string }) =>
      request(adminUserCalls.createAdmin, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
