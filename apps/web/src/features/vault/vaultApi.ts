import { useMutation, useQuery } from '@tanstack/react-query';
import {
  callPath,
  vaultCalls,
  vaultFilePath,
  vaultTokenHeader,
  type PersonalDocument,
} from '@saathi/contract';
import { request, requestMultipart } from '../../api/client';
import { ApiError, networkError } from '../../api/errors';
import { vaultKeys } from '../../api/keys/vaultKeys';
import { queryClient } from '../../api/queryClient';
import { readToken } from '../../api/token';
import { lockVault, unlockVault, vaultToken } from './vaultLock';

/** An ended unlock locks the screens, which then ask for the password again. */
function lockedByServer(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'vault_locked';
}

function tokenHeader(): Record<string, string> {
  const token = vaultToken();
  // Without a live unlock the server would refuse anyway; lock at once instead of asking it.
  if (!token) {
    lockVault();
    throw new ApiError(403, undefined, 'vault_locked');
  }
  return { [vaultTokenHeader]: token };
}

async function withUnlock<T>(run: (headers: Record<string, string>) => Promise<T>): Promise<T> {
  try {
    return await run(tokenHeader());
  } catch (error) {
    if (lockedByServer(error)) lockVault();
    throw error;
  }
}

export async function verifyPassword(password: string): Promise<void> {
  const answer = await request(vaultCalls.verifyPassword, { body: { password } });
  unlockVault(answer.vaultToken, answer.expiresAt);
}

export function useDocumentCount(userId: string) {
  return useQuery({
    queryKey: vaultKeys.count(userId),
    queryFn: ({ signal }) => request(vaultCalls.count, { params: { userId }, signal }),
    select: (answer) => answer.count,
  });
}

export function useDocuments(userId: string) {
  return useQuery({
    queryKey: vaultKeys.documents(userId),
    queryFn: ({ signal }) =>
      withUnlock((headers) =>
        request(vaultCalls.list, { params: { userId }, body: {}, headers, signal }),
      ),
    select: (answer) => answer.documents,
    // The list of someone's papers is not kept in memory once the vault closes.
    gcTime: 0,
    staleTime: 0,
  });
}

/** After an add or a delete both the list and the badge count change. */
function refreshVault(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: vaultKeys.all });
}

export interface NewDocument {
  documentType: PersonalDocument['documentType'];
  documentName: string;
  description: string;
  expiresOn: string;
  file: File;
}

export function useAddDocument() {
  return useMutation({
    mutationFn: (input: NewDocument) =>
      withUnlock((headers) =>
        requestMultipart(vaultCalls.add, {
          fields: {
            documentType: input.documentType,
            documentName: input.documentName.trim(),
            description: input.description.trim(),
            ...(input.expiresOn ? { expiresOn: input.expiresOn } : {}),
          },
          files: [['document', input.file]],
          headers,
        }),
      ),
    onSuccess: refreshVault,
  });
}

export function useDeleteDocument() {
  return useMutation({
    mutationFn: (docId: string) =>
      withUnlock((headers) => request(vaultCalls.remove, { params: { docId }, body: {}, headers })),
    onSuccess: refreshVault,
  });
}

/** The decrypted file, fetched with the vault token in a header (never in a URL). */
export function fetchDocumentFile(docId: string): Promise<Blob> {
  return withUnlock(async (headers) => {
    const login = readToken();
    let response: Response;
    try {
      response = await fetch(callPath(vaultFilePath, { docId }), {
        headers: { ...headers, ...(login ? { Authorization: `Bearer ${login}` } : {}) },
      });
    } catch {
      throw networkError();
    }
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => undefined);
      const code =
        typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string'
          ? body.code
          : undefined;
      throw new ApiError(response.status, undefined, code);
    }
    return response.blob();
  });
}
