import { parseArgs } from 'node:util';
import { limits, maskPhone, normalizeIndianMobile } from '@saathi/contract';
import type { CreateAdminOutcome } from './create-admin.js';

/** What the operator asked `npm run create-admin` for, checked. */
export interface CreateAdminRequest {
  name?: string;
  phone: string;
  password: string;
}

/** What the command prints and how it exits: 0 done, 1 refused, 2 not understood. */
export interface CreateAdminReport {
  exitCode: 0 | 1 | 2;
  stream: 'stdout' | 'stderr';
  line: string;
}

const usage: CreateAdminReport = {
  exitCode: 2,
  stream: 'stderr',
  line: `Usage: npm run create-admin -- --name "Full Name" --number <Indian mobile> --password <at least ${limits.passwordMinReset} characters>`,
};

/**
 * Reads the command line (without node and the script). The password follows the reset rule,
 * as the console's "new admin" does: these accounts read identity documents.
 */
export function readCreateAdminArgs(
  args: readonly string[],
): CreateAdminRequest | CreateAdminReport {
  let values: { name?: string; number?: string; password?: string };
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        name: { type: 'string' },
        number: { type: 'string' },
        password: { type: 'string' },
      },
    }));
  } catch {
    // An unknown option or one without its value: the usage, not a stack trace.
    return usage;
  }
  const phone = normalizeIndianMobile(values.number ?? '');
  const password = values.password ?? '';
  if (!phone || password.length < limits.passwordMinReset) return usage;
  return { name: values.name, phone, password };
}

/** What the operator reads once the work is done. */
export function reportCreateAdmin(outcome: CreateAdminOutcome, phone: string): CreateAdminReport {
  const masked = maskPhone(phone);
  switch (outcome) {
    case 'created':
      return { exitCode: 0, stream: 'stdout', line: `Admin account ${masked} created.` };
    case 'promoted':
      return {
        exitCode: 0,
        stream: 'stdout',
        line: `Account ${masked} is now an admin; its password was set.`,
      };
    case 'blocked':
      return {
        exitCode: 1,
        stream: 'stderr',
        line: `Account ${masked} is blocked: unblock it in the console first.`,
      };
  }
}
