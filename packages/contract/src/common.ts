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
