import type { Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import type { FileAnswer } from '@saathi/contract';

/** A file to send: its bytes, the name the browser saves or shows (any script), its type. */
export interface FileData {
  data: Buffer | Readable;
  name: string;
  /** Needed for a stream: a buffer's length is known. */
  size?: number;
  type?: string;
}

/**
 * What the handler of a file call answers. Its own type only when the call declares none
 * (a vault file or an identity document carries the type found when it was uploaded).
 */
export type FileReply<A extends FileAnswer> = FileData &
  (A extends { contentType: string } ? unknown : { type: string });

/** Sends a file answer with the headers its call declares. */
export function sendFile(reply: FastifyReply, answer: FileAnswer, file: FileData) {
  if (file.size !== undefined) reply.header('content-length', file.size);
  return (
    reply
      .header('content-type', answer.contentType ?? file.type ?? 'application/octet-stream')
      // Private: never kept by a shared proxy, nor by the browser after the tab closes.
      .header('cache-control', 'private, no-store')
      // RFC 6266: an ASCII fallback for old clients, the whole name in filename* (UTF-8).
      .header('content-disposition', contentDisposition(file.name, { type: answer.disposition }))
      .send(file.data)
  );
}
