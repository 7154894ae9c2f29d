import { useMutation, useQuery } from '@tanstack/react-query';
import { directoryCalls, type BusinessInput } from '@saathi/contract';
import { request, requestMultipart } from '../../../api/client';
import { queryClient } from '../../../api/queryClient';
import { adminKeys } from '../adminKeys';

export function useAdminBusinesses() {
  return useQuery({
    queryKey: adminKeys.businesses,
    queryFn: ({ signal }) => request(directoryCalls.adminBusinesses, { signal }),
  });
}

const refreshBusinesses = () => queryClient.invalidateQueries({ queryKey: adminKeys.businesses });

export function useSaveBusiness() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: BusinessInput }) =>
      id
        ? request(directoryCalls.updateBusiness, { params: { id }, body })
        : request(directoryCalls.createBusiness, { body }),
    onSuccess: refreshBusinesses,
  });
}

export function useDeleteBusiness() {
  return useMutation({
    mutationFn: (id: string) => request(directoryCalls.deleteBusiness, { params: { id } }),
    onSuccess: refreshBusinesses,
  });
}

/** While a caution is processing, the list is read again every few seconds until it is not. */
export function useAdminSafety() {
  return useQuery({
    queryKey: adminKeys.safety,
    queryFn: ({ signal }) => request(directoryCalls.adminSafety, { signal }),
    refetchInterval: (query) =>
      query.state.data?.cautions.some((c) => c.status === 'processing') ? 3000 : false,
  });
}

const refreshSafety = () => queryClient.invalidateQueries({ queryKey: adminKeys.safety });

export function useCreateSafety() {
  return useMutation({
    mutationFn: (input: {
      note: string;
      image: File | null;
      video: File | null;
      onProgress: (fraction: number) => void;
    }) =>
      requestMultipart(directoryCalls.createSafety, {
        fields: { note: input.note },
        files: [
          ...(input.image ? [['image', input.image] as const] : []),
          ...(input.video ? [['video', input.video] as const] : []),
        ],
        onProgress: input.onProgress,
      }),
    onSuccess: refreshSafety,
  });
}

export function useUpdateSafety() {
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      request(directoryCalls.updateSafety, { params: { id }, body: { note } }),
    onSuccess: refreshSafety,
  });
}

export function useDeleteSafety() {
  return useMutation({
    mutationFn: (id: string) => request(directoryCalls.deleteSafety, { params: { id } }),
    onSuccess: refreshSafety,
  });
}
