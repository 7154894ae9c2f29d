import { messages, type MessageCode } from './messages.js';

/** The part of a zod issue that `coded` writes and `issueCode` reads. */
interface IssueWithParams {
  params?: unknown;
}

/**
 * A check's error: the English text of a message code, with the code itself left on the issue
 * as `issue.params.code`, so the server answers with the code and the web translates it without
 * matching English text. zod keeps `params` by itself only on custom issues; a built-in check
 * (min, max, uuid, enum) has none, but zod hands the raw issue to the check's error map before it
 * copies the issue out, so the code is written there; apps/server/src/http/coded-checks.test.ts
 * fails if a zod release stops keeping it. A function picks the code from the issue (a missing
 * value versus a wrong one).
 */
export const coded = (code: MessageCode | ((issue: { input?: unknown }) => MessageCode)) => ({
  error: (issue: IssueWithParams & { input?: unknown }) => {
    const chosen = typeof code === 'function' ? code(issue) : code;
    issue.params = { ...(isRecord(issue.params) ? issue.params : {}), code: chosen };
    // Read when a check fails, not when the schema is built: messages.ts imports the files that
    // call coded(), so the table is not filled in yet while they load.
    return messages[chosen];
  },
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The message code a contract check left on an issue; undefined for zod's own checks. */
export function issueCode(issue: object | undefined): MessageCode | undefined {
  const params = issue && 'params' in issue ? issue.params : undefined;
  const code = isRecord(params) ? params.code : undefined;
  return typeof code === 'string' && Object.hasOwn(messages, code)
    ? (code as MessageCode)
    : undefined;
}
