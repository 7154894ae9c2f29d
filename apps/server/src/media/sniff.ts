import { Transform } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import type { FileRule } from '@saathi/contract';
import { Invalid, TooLarge } from '../http/errors.js';

/** Enough bytes for every container signature we accept (ISO-BMFF brands sit early). */
const SNIFF_BYTES = 4100;

export interface CheckedInfo {
  mime: string;
  bytes: number;
}

/**
 * Passes bytes through once their signature is checked, and fails the stream as soon as
 * the running total passes the cap, so an oversized upload is refused while it arrives.
 * `params` fill the message (the spec's 'Image {{n}} is too large...').
 */
export function checkedStream(
  rule: FileRule,
  info: CheckedInfo,
  params: Record<string, string | number> = {},
): Transform {
  let head: Buffer[] = [];
  let headBytes = 0;
  let total = 0;
  let checked = false;

  const check = async (self: Transform) => {
    const buffer = Buffer.concat(head);
    const type = await fileTypeFromBuffer(buffer);
    if (!type || !rule.accept.includes(type.mime))
      throw Invalid(rule.rejectCode, undefined, params);
    info.mime = type.mime;
    checked = true;
    self.push(buffer);
    head = [];
  };

  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      total += chunk.length;
      info.bytes = total;
      if (total > rule.maxBytes) return done(TooLarge(rule.tooLargeCode, params));
      if (checked) return done(null, chunk);
      head.push(chunk);
      headBytes += chunk.length;
      if (headBytes < SNIFF_BYTES) return done();
      check(this).then(() => done(), done);
    },
    flush(done) {
      if (checked) return done();
      check(this).then(() => done(), done);
    },
  });
}
