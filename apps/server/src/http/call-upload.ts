import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Call, MessageCode } from '@saathi/contract';
import type { Viewer } from '../auth/viewer.js';
import type { CheckedUpload, ReceivedFile, UploadTarget } from '../media/checked-upload.js';
import { receiveUpload } from '../media/receive-upload.js';
import { Invalid, invalidField } from './errors.js';

/**
 * Runs a multipart call's handler on its request's upload: the parts stream through the
 * call's file rules into the target's folder, then the fields are parsed by its schema. The
 * files are the call's until the handler keeps them (CheckedUpload.keep): whatever ends the
 * call before, a refusal, an error, or an answer that uses none of them, removes them.
 * A request without a file its call requires is refused before the handler runs.
 */
export async function withUpload<T>(
  rules: NonNullable<Call['multipart']>,
  request: FastifyRequest,
  viewer: Viewer | null,
  target: UploadTarget,
  handle: (upload: CheckedUpload<unknown>) => Promise<T>,
): Promise<T> {
  const id = randomUUID();
  const received = await receiveUpload(request, target.storage, {
    files: rules.files,
    prefix: target.folder(id),
    transform: target.transform,
    account: viewer?.user.id,
  });
  let kept = false;
  try {
    const fields = rules.fields.safeParse(received.fields);
    if (!fields.success) throw invalidField(fields.error.issues[0]);
    const missing = missingFile(rules, received.files);
    if (missing) throw Invalid(missing);
    const keep = () => {
      kept = true;
    };
    return await handle({ id, fields: fields.data, files: received.files, keep });
  } finally {
    if (!kept) {
      // A file left behind is no reason to fail the answer (or to hide the error being thrown).
      await received
        .discard()
        .catch((err: unknown) => request.log.error({ err }, 'upload files not removed'));
    }
  }
}

/** The code refusing a request without a file its call requires: in a field, or in one of some. */
function missingFile(
  rules: NonNullable<Call['multipart']>,
  files: readonly ReceivedFile[],
): MessageCode | undefined {
  const sent = new Set(files.map((f) => f.field));
  for (const [field, rule] of Object.entries(rules.files)) {
    if (rule.required && !sent.has(field)) return rule.required;
  }
  const { anyOf } = rules;
  if (anyOf && !anyOf.fields.some((field) => sent.has(field))) return anyOf.code;
  return undefined;
}
