import { z } from 'zod';
import { saidFields } from './said.js';

export const errorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const messageResponse = z.object({ success: z.literal(true), ...saidFields });

export const idParam = z.object({ id: z.uuid() });

/** The answer of a file call: the file's bytes (OpenAPI: a binary string), never JSON. */
export const fileBody = z.file();

/** The answer of a live stream: Server-Sent Events text, kept open. */
export const eventStreamBody = z.string();

/** The answer of a raw call that has no body (tus answers in its headers and status alone). */
export const noBody = z.never();
