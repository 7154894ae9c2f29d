import { useQuery } from '@tanstack/react-query';
import { helpCalls, type TeamContact } from '@saathi/contract';
import { request } from '../../api/client';
import { helpKeys } from '../../api/keys/helpKeys';

const savedContactsKey = 'saathi.teamContacts';

/**
 * The last list seen, kept on the phone from the first signed-in screen on, so Help, SOS and
 * Call Our Team know the numbers offline or on a link that carries nothing.
 */
export function savedContacts(): TeamContact[] | undefined {
  try {
    const saved = JSON.parse(localStorage.getItem(savedContactsKey) ?? 'null') as unknown;
    if (typeof saved !== 'object' || saved === null || !('contacts' in saved)) return undefined;
    const parsed = helpCalls.teamContacts.response.shape.contacts.safeParse(saved.contacts);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Asks the server for the list and keeps it on the phone with the time it was seen. */
export async function fetchTeamContacts(): Promise<TeamContact[]> {
  const { contacts } = await request(helpCalls.teamContacts, {});
  localStorage.setItem(savedContactsKey, JSON.stringify({ savedAt: Date.now(), contacts }));
  return contacts;
}

/** The Call Our Team entries; admins change them, so they come from the server. */
export function useTeamContacts() {
  return useQuery({
    queryKey: helpKeys.teamContacts,
    queryFn: fetchTeamContacts,
    initialData: savedContacts,
    // Saved data is shown at once but always checked against the server.
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
  });
}
