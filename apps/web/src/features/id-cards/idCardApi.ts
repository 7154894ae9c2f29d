import { useMutation, useQuery } from '@tanstack/react-query';
import { idCardCalls, type DriverCard } from '@saathi/contract';
import { request, requestMultipart } from '../../api/client';
import { ApiError } from '../../api/errors';
import { idCardKeys } from '../../api/keys/idCardKeys';
import { queryClient } from '../../api/queryClient';

const missing = (error: unknown) => error instanceof ApiError && error.status === 404;

/** Spec 001 section 4: the card by user id, then by phone number; none is a normal answer. */
async function findCard(userId: string, mobile: string, signal: AbortSignal) {
  try {
    return (await request(idCardCalls.byUser, { params: { userId }, signal })).card;
  } catch (error) {
    if (!missing(error)) throw error;
  }
  try {
    return (await request(idCardCalls.byMobile, { params: { mobile }, signal })).card;
  } catch (error) {
    if (missing(error)) return null;
    throw error;
  }
}

export function useMyCard(userId: string | undefined, mobile: string) {
  return useQuery({
    queryKey: idCardKeys.ofUser(userId ?? ''),
    queryFn: ({ signal }) => findCard(userId ?? '', mobile, signal),
    enabled: userId !== undefined,
    staleTime: 5 * 60_000,
  });
}

export type CardApplication = Record<
  | 'name'
  | 'fatherName'
  | 'designation'
  | 'mobile'
  | 'dlNo'
  | 'policeStation'
  | 'city'
  | 'state'
  | 'bloodGroup'
  | 'dob'
  | 'memberAddress',
  string
>;

export function useApplyCard(userId: string) {
  return useMutation({
    mutationFn: (input: { fields: CardApplication; photo: File }) =>
      requestMultipart(idCardCalls.apply, {
        fields: input.fields,
        files: [['photo', input.photo]],
        timeoutMs: 60_000,
      }),
    onSuccess: (answer) =>
      queryClient.setQueryData<DriverCard | null>(idCardKeys.ofUser(userId), answer.card),
  });
}
