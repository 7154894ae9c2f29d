import { z } from 'zod';
import { messages, type MessageCode } from './messages.js';

/**
 * The words of a success answer: the English text and its message code, which the app shows
 * in the reader's language. The spec's calls send the text alone; docs/api.md notes the code.
 */
export const saidFields = { message: z.string(), code: z.string() };

/** The words the server puts in a success answer. */
export const said = (code: MessageCode) => ({ message: messages[code], code });
