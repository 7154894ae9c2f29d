import { limits } from '@saathi/contract';

export const documentMaxBytes = limits.identityImageMaxBytes;

const documentExtensions = ['pdf', 'doc', 'docx'];
const documentMimes = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
];

/** For the file picker; the server checks the bytes themselves. */
export const documentAccept = ['image/*', ...documentMimes, '.pdf', '.doc', '.docx'].join(',');

export type FileProblem = 'type' | 'size';

export function documentFileProblem(file: File): FileProblem | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const known =
    file.type.startsWith('image/') ||
    documentMimes.includes(file.type) ||
    documentExtensions.includes(extension);
  if (!known) return 'type';
  return file.size > documentMaxBytes ? 'size' : null;
}

export type ExpiryState =
  { kind: 'none' } | { kind: 'ok' } | { kind: 'soon'; days: number } | { kind: 'expired' };

const dayMs = 24 * 60 * 60_000;
export const expiringSoonDays = 30;

/** Local midnight of a YYYY-MM-DD date, so a paper expiring today is still good today. */
function localDay(date: string): number {
  const [year = 0, month = 1, day = 1] = date.slice(0, 10).split('-').map(Number);
  return new Date(year, month - 1, day).getTime();
}

/** A paper expiring on its date stays valid that whole day; within 30 days it is flagged. */
export function expiryState(expiresOn: string | null, now: Date): ExpiryState {
  if (!expiresOn) return { kind: 'none' };
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const days = Math.round((localDay(expiresOn) - today) / dayMs);
  if (days < 0) return { kind: 'expired' };
  return days <= expiringSoonDays ? { kind: 'soon', days } : { kind: 'ok' };
}
