import { helpCalls, type HelpRequestView } from '@saathi/contract';
import { demoAccounts } from '../../server/src/seed/demo.js';

export const demoDriver = demoAccounts.find((a) => a.usertype === 'driver');

/** The help requests of the demo driver, as the admin console lists them. */
export async function driverRequests(url: string, adminToken: string): Promise<HelpRequestView[]> {
  const res = await fetch(`${url}${helpCalls.adminList.path}?status=all&limit=50`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  if (!res.ok) throw new Error(`the console's list failed: ${res.status}`);
  const { requests } = (await res.json()) as { requests: HelpRequestView[] };
  return requests.filter((r) => r.user.number === demoDriver?.phone);
}

/** The team's numbers as the API gives them to the driver. */
export async function teamNumbers(url: string, token: string): Promise<string[]> {
  const res = await fetch(`${url}${helpCalls.teamContacts.path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`team numbers failed: ${res.status}`);
  const { contacts } = (await res.json()) as { contacts: { number: string }[] };
  return contacts.map((c) => c.number);
}
