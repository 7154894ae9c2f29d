import * as contract from '@saathi/contract';
import type { Call } from '@saathi/contract';

const groupSuffix = 'Calls';

const isCall = (value: unknown): value is Call =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value;

/**
 * Every contract call by its key: the group it is exported in (`postCalls`, without
 * "Calls") and its name there, so `postCalls.list` is `post.list`. Stable while paths change,
 * and the name the web client's code knows it by.
 */
const operationIds = new Map<Call, string>(
  Object.entries(contract).flatMap(([exported, group]) =>
    exported.endsWith(groupSuffix) && typeof group === 'object' && group !== null
      ? Object.entries(group)
          .filter((entry): entry is [string, Call] => isCall(entry[1]))
          .map(
            ([name, call]) => [call, `${exported.slice(0, -groupSuffix.length)}.${name}`] as const,
          )
      : [],
  ),
);

/** The call's operationId; undefined for a call outside the contract (a test's probe). */
export const operationIdOf = (call: Call): string | undefined => operationIds.get(call);
